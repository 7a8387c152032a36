package dev.flashsale.devserver;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Properties;
import java.util.Set;

/**
 * The admin password, storefront key and room token key of local runs, made up once and kept in
 * a file so that they stay valid for the embedded database, which keeps its users between runs.
 * The file is readable and writable by its owner only (0600), also when an earlier run left it open.
 */
public final class DevCredentials {

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private DevCredentials() {
    }

    /** The credentials in {@code file}, made up and written there first when it lacks any. */
    public static Properties in(Path file) throws IOException {
        Properties credentials = new Properties();
        if (Files.isRegularFile(file)) {
            try (var in = Files.newInputStream(file)) {
                credentials.load(in);
            }
        }
        boolean madeUp = false;
        if (credentials.getProperty("admin.password") == null || credentials.getProperty("storefront.api-key") == null) {
            credentials.setProperty("admin.password", randomToken(12));
            credentials.setProperty("storefront.api-key", "fsk_dev_" + randomToken(24));
            madeUp = true;
        }
        if (credentials.getProperty("room.token-key") == null) {
            // Added after the first two: a file from an earlier run keeps its password and key.
            credentials.setProperty("room.token-key", randomToken(32));
            madeUp = true;
        }
        if (madeUp) {
            write(credentials, file);
        }
        Files.setPosixFilePermissions(file, OWNER_ONLY);
        return credentials;
    }

    /** Written to a new file that only its owner can read, from the first byte, then moved over the old one. */
    private static void write(Properties credentials, Path file) throws IOException {
        Path fresh = Files.createTempFile(file.toAbsolutePath().getParent(), "dev-credentials", ".tmp",
                PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        try (var out = Files.newOutputStream(fresh)) {
            credentials.store(out, "Local runner credentials (./mvnw exec:java); not used anywhere else");
        }
        Files.move(fresh, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String randomToken(int bytes) {
        byte[] random = new byte[bytes];
        new SecureRandom().nextBytes(random);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    }
}
