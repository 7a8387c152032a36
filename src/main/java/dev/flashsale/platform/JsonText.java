package dev.flashsale.platform;

/** JSON written by hand where a binding costs a crowd's request more than its own work. */
public final class JsonText {

    private JsonText() {
    }

    /** Appends {@code text} as a JSON string, quoted and escaped as the JSON binding escapes it. */
    public static StringBuilder quoted(StringBuilder json, String text) {
        json.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                case '\b' -> json.append("\\b");
                case '\f' -> json.append("\\f");
                default -> {
                    if (c < 0x20) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        return json.append('"');
    }
}
