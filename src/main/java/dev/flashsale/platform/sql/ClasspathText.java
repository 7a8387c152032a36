package dev.flashsale.platform.sql;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads the text resources that ship with the application (SQL in {@code db/}, Lua in
 * {@code lua/}). Payara Micro unpacks the WAR, so these folders are plain directories on the
 * classpath and can be listed.
 */
public final class ClasspathText {

    private ClasspathText() {
    }

    /**
     * Every file under {@code folder} whose name ends with {@code suffix}, keyed by its path
     * relative to the folder without the suffix; paths starting with {@code skipPrefix} are left out.
     */
    public static Map<String, String> readTree(String folder, String suffix, String skipPrefix) {
        Path root = directoryOf(folder);
        Map<String, String> texts = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(Files::isRegularFile)
                    .filter(file -> file.getFileName().toString().endsWith(suffix))
                    .forEach(file -> {
                        String relative = root.relativize(file).toString().replace('\\', '/');
                        if (skipPrefix == null || !relative.startsWith(skipPrefix)) {
                            texts.put(relative.substring(0, relative.length() - suffix.length()), read(file));
                        }
                    });
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + folder + " on the classpath", e);
        }
        if (texts.isEmpty()) {
            throw new IllegalStateException("No " + suffix + " files under " + folder + " on the classpath");
        }
        return texts;
    }

    public static String read(String resource) {
        try (InputStream in = ClasspathText.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("Resource " + resource + " is not on the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + resource, e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file, e);
        }
    }

    private static Path directoryOf(String folder) {
        URL url = ClasspathText.class.getClassLoader().getResource(folder);
        if (url == null || !"file".equals(url.getProtocol())) {
            throw new IllegalStateException(folder + " must be an unpacked folder on the classpath, found " + url);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("Bad classpath location " + url, e);
        }
    }
}
