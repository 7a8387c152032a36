package dev.flashsale.platform.redis;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parts of Redis scripts ({@code lua/parts/}): texts that a script takes in, not scripts of
 * their own. A script that does two things keeps the second in a part and takes it in with a line
 * {@code --#include parts/<name>.lua} of its own; Redis runs the whole, one script. (So the line
 * numbers in a Redis error count the part's lines too, from the include on.)
 */
final class ScriptParts {

    private static final String PARTS = "parts/";
    /** A script's line that takes in a part, alone on its line. */
    private static final Pattern INCLUDE = Pattern.compile("(?m)^--#include (" + PARTS + "[\\w-]+)\\.lua$");
    /** What is left of an include line that {@link #INCLUDE} did not take (a stray space, no {@code .lua}). */
    private static final Pattern LEFT_OVER = Pattern.compile("(?m)^--#include.*$");

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
     * @throws IllegalStateException when the part is not there, or an include line is not one: a script that could not run
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
        Matcher leftOver = LEFT_OVER.matcher(whole);
        if (leftOver.find()) {
            // Left as a comment, it would fail only at the script's first run, on a function it does not define.
            throw new IllegalStateException("lua/" + name + ".lua has an include line that is not --#include parts/<name>.lua: "
                    + leftOver.group());
        }
        return whole.toString();
    }
}
