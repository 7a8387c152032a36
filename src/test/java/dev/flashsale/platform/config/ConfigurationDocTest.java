package dev.flashsale.platform.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** docs/configuration.md says what {@link Setting} says, to the letter. */
class ConfigurationDocTest {

    @Test
    void theDocumentIsTheListRendered() throws IOException {
        if (Boolean.getBoolean("configuration.doc.write")) {
            ConfigurationDoc.write();
        }
        String written = Files.isRegularFile(ConfigurationDoc.FILE) ? Files.readString(ConfigurationDoc.FILE) : "";
        assertEquals(ConfigurationDoc.render(), written, ConfigurationDoc.FILE + " differs from the settings in "
                + Setting.class.getName() + "; write it anew with"
                + " mvn -B test -Dtest=ConfigurationDocTest -Dconfiguration.doc.write=true");
    }
}
