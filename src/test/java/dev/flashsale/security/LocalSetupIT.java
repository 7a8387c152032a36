package dev.flashsale.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.devserver.DevCredentials;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the two commands leave on a developer's machine: the local runner's made-up credentials are
 * readable by their owner only, and the test command lets only its own connections into
 * PostgreSQL without a password.
 */
@Tag("security")
class LocalSetupIT {

    @Test
    void theLocalRunnersCredentialsAreReadableByTheirOwnerOnly(@TempDir Path dir) throws IOException {
        Path made = dir.resolve("dev-credentials.properties");
        DevCredentials.in(made);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(made)));

        // A file an earlier version wrote for everyone to read is kept, and closed.
        Path earlier = dir.resolve("earlier.properties");
        Files.writeString(earlier, "admin.password=a\nstorefront.api-key=b\nroom.token-key=c\n");
        Files.setPosixFilePermissions(earlier, PosixFilePermissions.fromString("rw-r--r--"));
        assertEquals("a", DevCredentials.in(earlier).getProperty("admin.password"));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(earlier)));
    }

    /** run-tests, sourced, adds its rules to a copy of a fresh install's pg_hba.conf. */
    @Test
    void theTestCommandTrustsOnlyTheTestsOwnConnections(@TempDir Path dir) throws IOException, InterruptedException {
        Path hba = dir.resolve("pg_hba.conf");
        Files.writeString(hba, "local all postgres peer\nhost all all 127.0.0.1/32 scram-sha-256\n");
        Process process = new ProcessBuilder("bash", "-c", "source ./run-tests && as_root() { \"$@\"; } && add_trust_rules \"$1\"", "-",
                hba.toString()).redirectErrorStream(true).start();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "run-tests' function ended");
        assertEquals(0, process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));

        List<String> rules = Files.readAllLines(hba).stream()
                .filter(line -> line.endsWith(" trust")).map(line -> line.strip().replaceAll("\\s+", " ")).toList();
        assertEquals(List.of("host flashsale_it,flashsale_it_cluster,postgres postgres,flashsale_app 127.0.0.1/32 trust"), rules);
        assertEquals("host flashsale_it,flashsale_it_cluster,postgres postgres,flashsale_app 127.0.0.1/32 trust", Files.readAllLines(hba).get(0), "on top: the first match wins");
        assertTrue(Files.readString(hba).contains("host all all 127.0.0.1/32 scram-sha-256"), "the rest kept");
    }
}
