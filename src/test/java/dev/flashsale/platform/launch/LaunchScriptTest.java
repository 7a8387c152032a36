package dev.flashsale.platform.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code payara/flashsale} watches a start: a server whose application does not answer its ping on
 * the port (Payara Micro's unbound or lost listener; a server answering 404 without the
 * application) is stopped and started again, at most
 * {@code FLASHSALE_START_ATTEMPTS} times, then the script gives up with exit code 1 and leaves no
 * process behind; a server that answers is left alone, and one that ends is not started again.
 * The uber-jar is {@link FakeServer}, in a jar built here. The tests run side by side: each
 * launches the script on a free port of its own, with files of its own, and most of their time is
 * the script's own waiting, so the class runs beside the other unit tests too.
 */
@Execution(ExecutionMode.CONCURRENT)
class LaunchScriptTest {

    @TempDir
    static Path dir;

    private static Path jar;

    @BeforeAll
    static void fakeUberJar() throws IOException {
        jar = dir.resolve("fake-server.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, FakeServer.class.getName());
        String entry = FakeServer.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            out.putNextEntry(new JarEntry(entry));
            out.write(FakeServer.class.getClassLoader().getResourceAsStream(entry).readAllBytes());
            out.closeEntry();
        }
    }

    @Execution(ExecutionMode.CONCURRENT)
    @Test
    void aServerThatNeverAnswersIsStartedAgainThenGivenUpOn() throws Exception {
        assertStartedTwiceThenGivenUpOn("silent");
    }

    /** Payara Micro answers 404 before the application is deployed, and its listener can be lost after that. */
    @Execution(ExecutionMode.CONCURRENT)
    @Test
    void aServerThatAnswersWithoutTheApplicationIsStartedAgain() throws Exception {
        assertStartedTwiceThenGivenUpOn("empty");
    }

    /**
     * With a 2 s limit and two attempts: two starts, each stopped, then exit code 1, and the script
     * says so. These stand-ins never answer the ping, so a slow machine gives the same outcome.
     */
    private static void assertStartedTwiceThenGivenUpOn(String mode) throws Exception {
        Path starts = dir.resolve(mode + "-starts");
        Run run = launch(mode, starts, Map.of("FLASHSALE_START_SECONDS", "2", "FLASHSALE_START_ATTEMPTS", "2"));

        assertTrue(run.process.waitFor(60, TimeUnit.SECONDS), "the script gave up");
        assertEquals(1, run.process.exitValue());
        List<String> pids = Files.readAllLines(starts);
        assertEquals(2, pids.size(), "started twice: " + pids);
        for (String pid : pids) {
            assertFalse(ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false),
                    "server " + pid + " stopped");
        }
        String errors = Files.readString(run.errors);
        assertTrue(errors.contains("did not answer its ping on port " + run.port + " within 2 s of its start (attempt 1 of 2)"), errors);
        assertTrue(errors.contains("(attempt 2 of 2)") && errors.contains("giving up after 2 starts"), errors);
    }

    @Execution(ExecutionMode.CONCURRENT)
    @Test
    void aServerThatAnswersIsLeftAloneUntilTheScriptIsStopped() throws Exception {
        Path starts = dir.resolve("serving-starts");
        // A limit the stand-in meets on a busy machine too: it starts beside the other unit tests.
        Run run = launch("serve", starts, Map.of("FLASHSALE_START_SECONDS", "4"));

        // Past the 4 s limit and the watchdog's next look (every 2 s): a start it missed would be stopped by now.
        assertFalse(run.process.waitFor(7, TimeUnit.SECONDS), "the script still runs past the start's limit");
        List<String> pids = Files.readAllLines(starts);
        assertEquals(1, pids.size(), "started once: " + pids);
        long server = Long.parseLong(pids.get(0));
        assertTrue(ProcessHandle.of(server).map(ProcessHandle::isAlive).orElse(false));

        run.process.destroy(); // TERM
        assertTrue(run.process.waitFor(30, TimeUnit.SECONDS));
        assertEquals(143, run.process.exitValue());
        assertFalse(ProcessHandle.of(server).map(ProcessHandle::isAlive).orElse(false), "the server stopped with the script");
    }

    @Execution(ExecutionMode.CONCURRENT)
    @Test
    void aServerThatEndsIsNotStartedAgain() throws Exception {
        Path starts = dir.resolve("failing-starts");
        Run run = launch("fail", starts, Map.of("FLASHSALE_START_SECONDS", "3"));

        assertTrue(run.process.waitFor(30, TimeUnit.SECONDS));
        assertEquals(3, run.process.exitValue(), "the server's own exit code");
        assertEquals(1, Files.readAllLines(starts).size());
    }

    @Execution(ExecutionMode.CONCURRENT)
    @Test
    void noStartAttemptsAtAllIsRefused() throws Exception {
        Run run = launch("serve", dir.resolve("refused-starts"), Map.of("FLASHSALE_START_ATTEMPTS", "0"));

        assertTrue(run.process.waitFor(30, TimeUnit.SECONDS));
        assertEquals(1, run.process.exitValue());
        assertTrue(Files.readString(run.errors).contains("FLASHSALE_START_ATTEMPTS one or more"));
        assertFalse(Files.exists(dir.resolve("refused-starts")), "no server started");
    }

    private record Run(Process process, int port, Path errors) {
    }

    private static Run launch(String mode, Path starts, Map<String, String> settings) throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path errors = dir.resolve(mode + "-" + port + ".err");
        ProcessBuilder launch = new ProcessBuilder("payara/flashsale").redirectError(errors.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        launch.environment().putAll(Map.of("FLASHSALE_JAR", jar.toString(), "FLASHSALE_HTTP_PORT", Integer.toString(port),
                "FLASHSALE_JAVA_OPTS", "-Xmx32m", "FLASHSALE_STOP_SECONDS", "5", "FAKE_SERVER", mode,
                "FAKE_SERVER_STARTS", starts.toString()));
        launch.environment().putAll(settings);
        return new Run(launch.start(), port, errors);
    }
}
