package dev.flashsale.platform.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.sql.ClasspathText;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A script takes in the parts it includes (lua/parts/), in place of its include line; an unknown part stops the start. */
class ScriptPartsTest {

    @Test
    void anIncludeLineGivesWayToThePartsText() {
        Map<String, String> texts = Map.of("parts/step", "local function step()\n    return 1\nend\n");
        String script = "-- a header\n--#include parts/step.lua\n\nreturn step()\n";

        assertEquals("-- a header\nlocal function step()\n    return 1\nend\n\n\nreturn step()\n",
                ScriptParts.withParts("batch", script, texts));
        assertEquals("-- says --#include parts/step.lua in a comment\nreturn 1\n", ScriptParts.withParts("plain",
                "-- says --#include parts/step.lua in a comment\nreturn 1\n", texts), "only a line of its own includes");
    }

    @Test
    void anIncludeLineThatIsNotQuiteOneIsRefusedNotLeftAsAComment() {
        Map<String, String> texts = Map.of("parts/step", "local function step()\n    return 1\nend\n");
        for (String line : new String[] {"--#include parts/step.lua ", "--#include  parts/step.lua", "--#include parts/step"}) {
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> ScriptParts.withParts("batch", line + "\nreturn step()\n", texts), line);
            assertTrue(refused.getMessage().contains("lua/batch.lua"), refused.getMessage());
        }
    }

    @Test
    void aPartThatIsNotThereIsRefused() {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> ScriptParts.withParts("batch", "--#include parts/gone.lua\nreturn 1\n", Map.of()));
        assertTrue(refused.getMessage().contains("lua/batch.lua includes lua/parts/gone.lua"), refused.getMessage());
    }

    @Test
    void theRoomsBatchTakesInItsStep() {
        Map<String, String> texts = ClasspathText.readTree("lua", ".lua", null);

        String batch = ScriptParts.withParts("room_batch", texts.get("room_batch"), texts);
        assertTrue(batch.contains("local function stepRoom(cfg, now, drawn, polled)"), "the room's step is in the batch");
        assertFalse(Pattern.compile("(?m)^--#include").matcher(batch).find(), "no include line is left");
        assertTrue(batch.indexOf("local function stepRoom") >= 0
                        && batch.indexOf("local function stepRoom") < batch.indexOf("= stepRoom(cfg, now, drawn, polled)"),
                "the step is defined before the batch calls it");
    }
}
