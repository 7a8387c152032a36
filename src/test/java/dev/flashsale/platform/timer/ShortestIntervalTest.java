package dev.flashsale.platform.timer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The server's launch sets the EJB timer service's shortest interval to what {@link IntervalTimer}
 * says it is: without it, every timer set under a second (the tests' server's webhook sender,
 * gate recovery and refusal flush among them) ticked once a second.
 */
class ShortestIntervalTest {

    private static final String SETTING = "set configs.config.server-config.ejb-container.ejb-timer-service.minimum-delivery-interval-in-millis=";

    @Test
    void thePreBootSettingsLetATimerTickAsOftenAsIntervalTimerSays() throws IOException {
        List<String> set = Files.readAllLines(Path.of("payara", "pre-boot.asadmin")).stream()
                .filter(line -> line.startsWith(SETTING)).toList();
        assertEquals(List.of(SETTING + IntervalTimer.SHORTEST_MILLIS), set);
    }
}
