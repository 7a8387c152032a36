package dev.flashsale.platform.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * docs/configuration.md, rendered from {@link Setting}: a table of settings per component. Written
 * by {@code mvn -B test -Dtest=ConfigurationDocTest -Dconfiguration.doc.write=true}; the test
 * fails whenever the file differs from the list.
 */
final class ConfigurationDoc {

    static final Path FILE = Path.of("docs", "configuration.md");

    private static final String INTRODUCTION = """
            # Configuration

            Every setting of the product is listed here, with its default, unit and meaning. The list
            is `dev.flashsale.platform.config.Setting`, the one place a default is written; this page is
            rendered from it (`mvn -B test -Dtest=ConfigurationDocTest -Dconfiguration.doc.write=true`),
            and a test fails when the two differ.

            Settings with a name are read through MicroProfile Config: set one as an environment
            variable (the name in upper case, every character not a letter or digit an underscore) or
            as a system property of its name. The list's defaults come last, below every other source,
            so anything set anywhere wins. Settings without a name are read from the environment only,
            by the launch script `payara/flashsale` or by the local runner (`mvn -B package -DskipTests
            exec:java`).

            `src/main/resources/META-INF/microprofile-config.properties` holds what the application sets
            for the server's MicroProfile features (metrics buckets, the OpenAPI document): not
            settings to change from one installation to the next.
            """;

    private ConfigurationDoc() {
    }

    static String render() {
        StringBuilder doc = new StringBuilder(INTRODUCTION);
        for (Setting.Component component : Setting.Component.values()) {
            doc.append("\n## ").append(component.title()).append("\n\n")
                    .append("| name | environment variable | default | unit | meaning |\n")
                    .append("|---|---|---|---|---|\n")
                    .append(Stream.of(Setting.values()).filter(setting -> setting.component() == component)
                            .map(ConfigurationDoc::row).collect(Collectors.joining()));
        }
        return doc.toString();
    }

    private static String row(Setting setting) {
        return "| " + (setting.isConfigKey() ? code(setting.key()) : "") + " | " + code(setting.environmentVariable())
                + " | " + setting.defaultValue().map(ConfigurationDoc::code).orElse("none") + " | "
                + setting.unit().label() + " | " + setting.meaning().replace("|", "\\|") + " |\n";
    }

    private static String code(String text) {
        return "`" + text + "`";
    }

    static void write() throws IOException {
        Files.createDirectories(FILE.getParent());
        Files.writeString(FILE, render());
    }
}
