package dev.flashsale.storefront;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Weld's per-request cache, begun and ended around each request of the storefront's door, as Weld's
 * own servlet listener does around a servlet request. Without it, every call through a client
 * proxy on a thread with none made and threw away an interception stack and its thread-local
 * entry: about twenty times a request, two fifths of what a sold-out refusal allocated. Weld keeps
 * the cache in the thread and empties it when the request ends; this class only opens and closes
 * it. Weld's class is called by name, looked up once; where it is not there, requests run as they
 * did without it.
 */
final class WeldRequestCache {

    private static final Logger LOG = Logger.getLogger(WeldRequestCache.class.getName());
    private static final String CACHE = "org.jboss.weld.contexts.cache.RequestScopedCache";

    private static final MethodHandle BEGIN;
    private static final MethodHandle END;

    static {
        MethodHandle begin = null;
        MethodHandle end = null;
        try {
            Class<?> cache = Class.forName(CACHE, true, WeldRequestCache.class.getClassLoader());
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            begin = lookup.findStatic(cache, "beginRequest", MethodType.methodType(void.class));
            end = lookup.findStatic(cache, "endRequest", MethodType.methodType(void.class));
        } catch (ReflectiveOperationException | LinkageError notThere) {
            LOG.log(Level.INFO, "Weld's request cache is not reachable; the storefront's door runs without it", notThere);
        }
        BEGIN = begin;
        END = end;
    }

    private WeldRequestCache() {
    }

    static void begin() {
        if (BEGIN != null) {
            invoke(BEGIN);
        }
    }

    /** Ends the request's cache: called in a {@code finally}, so that no cached item outlives its request on a pooled thread. */
    static void end() {
        if (END != null) {
            invoke(END);
        }
    }

    private static void invoke(MethodHandle handle) {
        try {
            handle.invokeExact();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
