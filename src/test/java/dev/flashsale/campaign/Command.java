package dev.flashsale.campaign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A command of the machine's, run to its end within a limit; its output is the failure's message.
 * The output goes to a file, never a pipe: a server that pg_ctl starts inherits it, and a pipe
 * would stay open as long as the server runs.
 */
final class Command {

    private Command() {
    }

    /** Whether the campaign runs as root (PostgreSQL's own commands then run as its user, installs as root). */
    static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** @throws IllegalStateException "{command} failed: {its output}" when it fails or outlasts {@code limit} */
    static void run(List<String> command, Duration limit) {
        try {
            Path output = Files.createTempFile("flashsale-campaign-command", ".log");
            try {
                Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
                if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS) || process.exitValue() != 0) {
                    // What runuser and sh started goes too: a backup left writing would meet the next one.
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    throw new IllegalStateException(String.join(" ", command) + " failed: " + Files.readString(output));
                }
            } finally {
                Files.deleteIfExists(output);
            }
        } catch (IOException e) {
            throw new IllegalStateException("Cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
