package dev.flashsale.platform.redis;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parts of Redis scripts ({@code lua/parts/}): texts that a script takes in, not scripts of
 * their own. A script that does two things keeps the second in a part and takes it in with a line
 * {@code --#include parts/<name>.lua} of its own; Redis runs the whole, one script.
 */
final class ScriptParts {

    private static final String PARTS = "parts/";
    /** A script's line that takes in a part, alone on its line. */
    private static final Pattern INCLUDE = Pattern.compile("(?m)^--#include (" + PARTS + "[\\w-]+)\\.lua$");

    private ScriptParts() {
    }

    /** Whether the text of {@code lua/<name>.lua} is a part rather than a script. */
    static boolean isPart(String name) {
        return name.startsWith(PARTS);
    }

    /**
     * The script {@code name} with the text of each part it includes in place of its include line:
     * what Redis runs.
     *
     * @param texts every text under {@code lua/}, by name ({@code parts/room_step} for a part)
     * @throws IllegalStateException when the part is not there: a script that could not run
     */
    static String withParts(String name, String script, Map<String, String> texts) {
        Matcher include = INCLUDE.matcher(script);
        StringBuilder whole = new StringBuilder(script.length());
        while (include.find()) {
            String part = texts.get(include.group(1));
            if (part == null) {
                throw new IllegalStateException("lua/" + name + ".lua includes lua/" + include.group(1) + ".lua, which is not there");
            }
            include.appendReplacement(whole, Matcher.quoteReplacement(part));
        }
        include.appendTail(whole);
        return whole.toString();
    }
}
