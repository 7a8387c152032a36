package dev.flashsale.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a command that prints little to completion within a time limit (pgbench, redis-benchmark,
 * Payara Micro building the floor's uber-jar) and returns what it printed; a command that hangs is
 * killed, one that fails is an error. wrk, whose fixed-count runs are ended early, has {@link Wrk}.
 */
final class ExternalCommand {

    private ExternalCommand() {
    }

    static String run(List<String> command, Map<String, String> environment, Duration timeLimit)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process process = builder.start();
        // The tools print little; reading after the exit cannot block them on a full pipe.
        if (!process.waitFor(timeLimit.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            throw new IllegalStateException(command.get(0) + " did not finish within " + timeLimit);
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed (exit " + process.exitValue() + "):\n" + output);
        }
        return output;
    }
}
