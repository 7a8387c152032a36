package dev.flashsale.platform.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class Sha256Test {

    private static final String ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    private static final String EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

    @Test
    void hashesAsTheStandardSaysOnEveryThreadAndEveryTime() throws Exception {
        assertEquals(ABC, Sha256.hex("abc"));
        assertEquals(EMPTY, Sha256.hex(""));
        assertEquals(ABC, Sha256.hex("abc"));
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Future<String>> hashes = new ArrayList<>();
            for (int i = 0; i < 2_000; i++) {
                String text = i % 2 == 0 ? "abc" : "";
                hashes.add(threads.submit(() -> Sha256.hex(text)));
            }
            for (int i = 0; i < hashes.size(); i++) {
                assertEquals(i % 2 == 0 ? ABC : EMPTY, hashes.get(i).get());
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
