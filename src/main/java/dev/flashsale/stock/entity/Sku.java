package dev.flashsale.stock.entity;

import dev.flashsale.platform.id.TextJson;
import dev.flashsale.platform.problem.ProblemException;
import jakarta.json.bind.annotation.JsonbTypeAdapter;
import java.util.regex.Pattern;

/** A stock keeping unit code: 1 to 64 letters, digits, dots, dashes, underscores or colons. */
@JsonbTypeAdapter(Sku.AsJson.class)
public record Sku(String value) {

    public static final String PATTERN = "[A-Za-z0-9][A-Za-z0-9._:-]{0,63}";
    private static final Pattern VALID = Pattern.compile(PATTERN);

    public Sku {
        if (!isValid(value)) {
            throw ProblemException.badRequest("invalid-sku",
                    "A SKU is 1 to 64 characters: letters, digits, '.', '_', ':' or '-', starting with a letter or digit");
        }
    }

    public static boolean isValid(String value) {
        return value != null && VALID.matcher(value).matches();
    }

    /** The 404 for a SKU that no sale has. */
    public ProblemException notOnSale() {
        return ProblemException.notFound("sku", "There is no SKU " + value + " on sale");
    }

    @Override
    public String toString() {
        return value;
    }

    /** In JSON, a SKU is its text. */
    public static final class AsJson extends TextJson<Sku> {

        public AsJson() {
            super(Sku::value, Sku::new);
        }
    }
}
