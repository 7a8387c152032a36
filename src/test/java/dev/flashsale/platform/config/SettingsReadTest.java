package dev.flashsale.platform.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link Setting} lists exactly what is read: every key the code, the server's data source, the
 * launch script and the local runner read is in the list, every entry is read somewhere, and no
 * default is written beside the list's (where a file cannot read the list, as the launch script
 * cannot, its default must be the list's).
 */
class SettingsReadTest {

    private static final Path MAIN = Path.of("src/main");
    private static final Path PAYARA = Path.of("payara");
    private static final Path LAUNCH_SCRIPT = PAYARA.resolve("flashsale");
    private static final Path LOCAL_RUNNER = Path.of("src/test/java/dev/flashsale/devserver");
    private static final Path PROPERTIES = MAIN.resolve("resources/META-INF/microprofile-config.properties");

    private static final Pattern CONFIG_PROPERTY = Pattern.compile("@ConfigProperty\\s*\\(([^)]*)\\)");
    private static final Pattern NAME = Pattern.compile("name\\s*=\\s*\"([^\"]+)\"");
    private static final Pattern LOOKUP = Pattern.compile("\\b(getValue|getOptionalValue|getConfigValue)\\s*\\(\\s*\"([^\"]+)\"");
    private static final Pattern MPCONFIG = Pattern.compile("\\$\\{MPCONFIG=([^:}]+)(?::([^}]*))?}");
    private static final Pattern PLACEHOLDER = Pattern.compile("@(FLASHSALE_[A-Z0-9_]+)@");
    private static final Pattern VARIABLE = Pattern.compile("\\bFLASHSALE_[A-Z0-9][A-Z0-9_]*");
    /** ${FLASHSALE_X:-default} or ${FLASHSALE_X-default}, where the default is a literal. */
    private static final Pattern SCRIPT_DEFAULT = Pattern.compile("\\$\\{(FLASHSALE_[A-Z0-9_]+):?-([^}$]*)}");
    private static final Pattern SETTING_USE = Pattern.compile("\\bSetting\\.([A-Z][A-Z0-9_]*)\\b");

    private static final Map<String, Setting> BY_KEY = Stream.of(Setting.values())
            .filter(Setting::isConfigKey).collect(Collectors.toMap(Setting::key, Function.identity()));
    private static final Map<String, Setting> BY_VARIABLE = Stream.of(Setting.values())
            .collect(Collectors.toMap(Setting::environmentVariable, Function.identity()));

    private static String javaSources;
    /** What the application and the server read: src/main's sources and resources, and payara/. */
    private static String serverFiles;
    private static String payaraFiles;
    private static String launchScript;
    private static String localRunner;

    @BeforeAll
    static void read() {
        javaSources = concatenated(MAIN.resolve("java"), ".java");
        payaraFiles = concatenated(PAYARA, "");
        serverFiles = concatenated(MAIN, ".java", ".xml", ".properties") + payaraFiles;
        launchScript = text(LAUNCH_SCRIPT);
        localRunner = concatenated(LOCAL_RUNNER, ".java");
        assertTrue(javaSources.contains("@ConfigProperty"), "The scan of " + MAIN + " found no @ConfigProperty at all");
    }

    @Test
    void everyKeyTheCodeReadsIsListed() {
        List<String> unlisted = new ArrayList<>();
        Set<String> read = keysReadByTheCode();
        read.stream().filter(key -> !BY_KEY.containsKey(key)).forEach(unlisted::add);
        mpconfig(serverFiles).keySet().stream().filter(key -> !BY_KEY.containsKey(key)).forEach(unlisted::add);
        assertTrue(unlisted.isEmpty(), "Read but not in " + Setting.class.getName() + " (add each, with its default,"
                + " unit and meaning, and regenerate docs/configuration.md): " + unlisted);
    }

    @Test
    void everyVariableTheScriptsNameIsListed() {
        Set<String> named = new TreeSet<>(matches(VARIABLE, payaraFiles, 0));
        localRunnerVariables().forEach(named::add);
        named.removeIf(BY_VARIABLE::containsKey);
        assertTrue(named.isEmpty(), "Named by payara/ or the local runner but not in " + Setting.class.getName()
                + ": " + named);
    }

    @Test
    void everyListedSettingIsRead() {
        Set<String> read = keysReadByTheCode();
        read.addAll(mpconfig(serverFiles).keySet());
        Set<String> variables = new TreeSet<>(matches(VARIABLE, launchScript, 0));
        variables.addAll(matches(PLACEHOLDER, serverFiles, 1));
        Set<String> runnerUses = new TreeSet<>(matches(SETTING_USE, localRunner, 1));
        List<Setting> unread = Stream.of(Setting.values()).filter(setting -> setting.isConfigKey()
                ? !read.contains(setting.key())
                : !variables.contains(setting.environmentVariable()) && !runnerUses.contains(setting.name())).toList();
        assertTrue(unread.isEmpty(), "Listed in " + Setting.class.getName() + " but read by nothing: " + unread);
    }

    @Test
    void noInjectionWritesItsOwnDefault() {
        Matcher annotation = CONFIG_PROPERTY.matcher(javaSources);
        List<String> withDefault = new ArrayList<>();
        while (annotation.find()) {
            if (annotation.group(1).contains("defaultValue")) {
                withDefault.add(annotation.group());
            }
        }
        Matcher lookup = LOOKUP.matcher(javaSources);
        while (lookup.find()) {
            Setting setting = BY_KEY.get(lookup.group(2));
            if (lookup.group(1).equals("getOptionalValue") && setting != null && setting.defaultValue().isPresent()) {
                withDefault.add(lookup.group() + " (it has a default: getValue)");
            }
        }
        assertTrue(withDefault.isEmpty(), "The default belongs in " + Setting.class.getName() + " alone: " + withDefault);
    }

    @Test
    void thePropertiesFileRepeatsNoSetting() {
        Set<String> repeated = new TreeSet<>(text(PROPERTIES).lines().map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                .map(line -> line.split("=", 2)[0].strip()).filter(BY_KEY::containsKey).toList());
        assertTrue(repeated.isEmpty(), PROPERTIES + " repeats settings of " + Setting.class.getName() + ": " + repeated);
    }

    /** The data source's commands cannot read the list: their fallbacks must be its defaults. */
    @Test
    void theDataSourceFallsBackToTheListedDefaults() {
        Map<String, Optional<String>> fallbacks = mpconfig(serverFiles);
        assertTrue(fallbacks.containsKey(Setting.DB_URL.key()), "No ${MPCONFIG=" + Setting.DB_URL.key() + "} in " + PAYARA);
        fallbacks.forEach((key, fallback) -> assertEquals(BY_KEY.get(key).defaultValue(),
                // "()" is asadmin's empty value.
                fallback.filter(value -> !value.equals("()")), "The fallback of ${MPCONFIG=" + key + "}"));
    }

    /** The launch script cannot read the list either: its defaults, where literal, must be the list's. */
    @Test
    void theLaunchScriptFallsBackToTheListedDefaults() {
        Matcher fallback = SCRIPT_DEFAULT.matcher(launchScript);
        int checked = 0;
        while (fallback.find()) {
            Setting setting = BY_VARIABLE.get(fallback.group(1));
            Optional<String> written = Optional.of(fallback.group(2)).filter(value -> !value.isEmpty());
            assertEquals(setting.defaultValue(), written, LAUNCH_SCRIPT + ": " + fallback.group());
            checked++;
        }
        assertTrue(checked > 10, "Found only " + checked + " defaults in " + LAUNCH_SCRIPT);
    }

    private static Set<String> keysReadByTheCode() {
        Set<String> keys = new TreeSet<>();
        Matcher annotation = CONFIG_PROPERTY.matcher(javaSources);
        while (annotation.find()) {
            Matcher name = NAME.matcher(annotation.group(1));
            assertTrue(name.find(), "A @ConfigProperty without a literal name: " + annotation.group());
            keys.add(name.group(1));
        }
        keys.addAll(matches(LOOKUP, javaSources, 2));
        return keys;
    }

    private static Map<String, Optional<String>> mpconfig(String text) {
        Matcher reference = MPCONFIG.matcher(text);
        Map<String, Optional<String>> fallbacks = new TreeMap<>();
        while (reference.find()) {
            fallbacks.put(reference.group(1), Optional.ofNullable(reference.group(2)));
        }
        return fallbacks;
    }

    /** The environment variables the local runner names in its code, as text. */
    private static Stream<String> localRunnerVariables() {
        return matches(Pattern.compile("\"(FLASHSALE_[A-Z0-9_]+)\""), localRunner, 1).stream();
    }

    private static List<String> matches(Pattern pattern, String text, int group) {
        Matcher matcher = pattern.matcher(text);
        List<String> found = new ArrayList<>();
        while (matcher.find()) {
            found.add(matcher.group(group));
        }
        return found;
    }

    private static String concatenated(Path dir, String... suffixes) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> Stream.of(suffixes).anyMatch(file.toString()::endsWith)).sorted()
                    .map(SettingsReadTest::text).collect(Collectors.joining("\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file, e);
        }
    }
}
