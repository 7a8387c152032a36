package dev.flashsale.platform.config;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * The defaults of {@link Setting}, as MicroProfile Config's lowest source: every other one wins
 * (system properties 400, environment variables 300, META-INF/microprofile-config.properties 100,
 * and the server's own sources that an operator sets with asadmin), so a default is only ever the
 * last word. Registered in META-INF/services, which the server reads from the application's own
 * class loader.
 */
public final class SettingDefaults implements ConfigSource {

    /** Below every source the server brings, whatever their order among themselves. */
    static final int ORDINAL = 1;

    private static final Map<String, String> DEFAULTS = Stream.of(Setting.values())
            .filter(setting -> setting.isConfigKey() && setting.defaultValue().isPresent())
            .collect(Collectors.toUnmodifiableMap(Setting::key, setting -> setting.defaultValue().orElseThrow()));

    @Override
    public Set<String> getPropertyNames() {
        return DEFAULTS.keySet();
    }

    @Override
    public Map<String, String> getProperties() {
        return DEFAULTS;
    }

    @Override
    public String getValue(String propertyName) {
        return DEFAULTS.get(propertyName);
    }

    @Override
    public String getName() {
        return "flashsale setting defaults";
    }

    @Override
    public int getOrdinal() {
        return ORDINAL;
    }
}
