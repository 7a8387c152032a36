package dev.flashsale.platform.pipeline;

import jakarta.json.stream.JsonParser;
import java.util.function.Function;

/** A body of one field ({@link JsonObjectReader#ofText}, {@link JsonObjectReader#ofNumber}); any other field is skipped. */
final class OneFieldReader<T, V> extends JsonObjectReader<T> {

    /** How the field's value is read, from the event that starts it. */
    interface Value<V> {

        V read(JsonParser json, JsonParser.Event value);
    }

    private final String name;
    private final Value<V> value;
    private final Function<V, T> make;

    OneFieldReader(String name, Value<V> value, Function<V, T> make) {
        this.name = name;
        this.value = value;
        this.make = make;
    }

    @Override
    protected Fields<T> fields() {
        return new Fields<>() {
            private V read;

            @Override
            public void read(String field, JsonParser json, JsonParser.Event event) {
                if (name.equals(field)) {
                    read = value.read(json, event);
                } else {
                    skip(json, event);
                }
            }

            @Override
            public T build() {
                return make.apply(read);
            }
        };
    }
}
