package dev.flashsale.storefront;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The door's own check of a path, which no container normalised. */
class StorefrontPathsTest {

    @Test
    void aPathIsNormalOnlyWithoutDotEmptyOrBackslashSegments() {
        for (String normal : List.of("/api/ping", "/api/sales/s-1/queue/t_1", "/api/skus/A.B/stock", "/api/skus/.A/stock",
                "/api/skus/.../stock", "/api/skus/x.", "/x", "/api/skus/a..")) {
            assertTrue(StorefrontPaths.isNormal(normal), normal);
        }
        for (String odd : List.of("/api/ping/", "/api//ping", "/api/sales/../admin/sales", "/api/./ping", "/api/sales/..",
                "api/ping", "/api/ping\\x", "/api/sales/x/.", "/", "/..", "/.", "//", "/api/")) {
            assertFalse(StorefrontPaths.isNormal(odd), odd);
        }
    }
}
