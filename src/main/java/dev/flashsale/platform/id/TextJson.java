package dev.flashsale.platform.id;

import jakarta.json.bind.adapter.JsonbAdapter;
import java.util.function.Function;

/**
 * JSON-B's view of an identifier type: in JSON it is its text, and read back it validates itself
 * again. Each type names a subclass in its {@code @JsonbTypeAdapter}.
 *
 * @param <T> the identifier type
 */
public abstract class TextJson<T> implements JsonbAdapter<T, String> {

    private final Function<T, String> text;
    private final Function<String, T> parse;

    protected TextJson(Function<T, String> text, Function<String, T> parse) {
        this.text = text;
        this.parse = parse;
    }

    @Override
    public String adaptToJson(T identifier) {
        return text.apply(identifier);
    }

    @Override
    public T adaptFromJson(String value) {
        return parse.apply(value);
    }
}
