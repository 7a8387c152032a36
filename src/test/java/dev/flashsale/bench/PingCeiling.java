package dev.flashsale.bench;

import java.net.URI;

/**
 * {@code GET /api/ping} (the same server's cheapest storefront route, answered by its pipeline:
 * no transaction, no database), by wrk with the benchmark's counting script (bench/ping.lua) and
 * by plain wrk with no script, alternately: the two must agree within 10%, or the benchmark's own
 * client costs too much to be read. The same script measures the floor's static file.
 */
final class PingCeiling {

    /** One scripted run and the plain run right after it. */
    record Pair(WrkSummary scripted, double plain) {

        double ratio() {
            return scripted.perSecondRate() / plain;
        }
    }

    private final Wrk wrk;

    PingCeiling(Wrk wrk) {
        this.wrk = wrk;
    }

    WrkSummary scripted(URI url, int concurrency, int seconds) {
        return wrk.forSeconds("ping.lua", url, concurrency, seconds);
    }

    Pair pair(URI url, int concurrency, int seconds) {
        WrkSummary scripted = scripted(url, concurrency, seconds);
        return new Pair(scripted, wrk.plain(url, concurrency, seconds));
    }
}
