package dev.flashsale.platform.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.junit.jupiter.api.Test;

class SettingDefaultsTest {

    private final SettingDefaults defaults = new SettingDefaults();

    @Test
    void servesEachDefaultOfAConfigKey() {
        assertEquals("600", defaults.getValue("flashsale.hold.default-seconds"));
        assertEquals("true", defaults.getValue("flashsale.console.secure-cookie"));
        assertEquals(Stream.of(Setting.values()).filter(Setting::isConfigKey)
                .filter(setting -> setting.defaultValue().isPresent()).count(), defaults.getPropertyNames().size());
    }

    @Test
    void servesNothingForASettingWithoutDefaultOrOnlyTheEnvironmentSets() {
        assertNull(defaults.getValue("flashsale.admin.password"), "no password ships");
        assertNull(defaults.getValue("FLASHSALE_HTTP_THREADS"), "the launch script's alone");
        assertNull(defaults.getValue("flashsale.no.such-setting"));
    }

    /** Below the properties file (100), environment variables (300) and system properties (400). */
    @Test
    void comesBelowEveryStandardSource() {
        assertTrue(defaults.getOrdinal() < 100, "ordinal " + defaults.getOrdinal());
    }

    @Test
    void isRegisteredForTheServerToFind() {
        List<Class<?>> registered = ServiceLoader.load(ConfigSource.class).stream()
                .map(ServiceLoader.Provider::type).collect(Collectors.toList());
        assertTrue(registered.contains(SettingDefaults.class), "META-INF/services registers " + registered);
    }

    @Test
    void everyNameAndVariableIsOnce() {
        Set<String> variables = Stream.of(Setting.values()).map(Setting::environmentVariable).collect(Collectors.toSet());
        assertEquals(Setting.values().length, variables.size());
    }

    /** A name that carries a unit (wait-ms, ...-seconds) must mean that unit. */
    @Test
    void theUnitAgreesWithTheName() {
        for (Setting setting : Setting.values()) {
            String name = setting.key().toLowerCase();
            Setting.Unit named = name.endsWith("-ms") || name.endsWith("_ms") ? Setting.Unit.MILLISECONDS
                    : name.endsWith("seconds") ? Setting.Unit.SECONDS
                    : name.endsWith("minutes") ? Setting.Unit.MINUTES
                    : name.endsWith("bytes") ? Setting.Unit.BYTES
                    : name.endsWith("per-second") ? Setting.Unit.PER_SECOND
                    : name.endsWith("per-minute") ? Setting.Unit.PER_MINUTE : null;
            if (named != null) {
                assertEquals(named, setting.unit(), setting.key());
            }
        }
    }
}
