package dev.flashsale.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What bench/answers.lua prints from wrk's done(), and plain wrk's own output, as the benchmark reads them. */
class WrkSummaryTest {

    /** A seed scenario of 204 requests (200 buyers, 4 retries) as wrk 4.1 printed it, thread lines and all. */
    private static final String SEED = """
            wrk-thread-done 1
            wrk-thread-done 0
            Running 5m test @ http://127.0.0.1:8180/
              2 threads and 64 connections
              Thread Stats   Avg      Stdev     Max   +/- Stdev
                Latency    20.53ms   10.20ms  95.31ms   80.00%
              Latency Distribution
                 50%   18.40ms
                 99%   61.02ms
              204 requests in 2.10s, 80.00KB read
              Non-2xx or 3xx responses: 150
            Requests/sec:     97.14
            Transfer/sec:     38.10KB
            wrk-summary {"answered":204.000,"errors":{"connect":0.000,"read":0.000,"status":150.000,"timeout":0.000,"write":0.000},\
            "firstMs":{"sold-out":312.500},"latencyUs":{"max":95310.000,"mean":20530.120,"p50":18400.000,"p90":40100.000,\
            "p99":61020.000,"p999":95310.000},"perSecond":{"0":120.000,"1":84.000},"problems":{"sold-out":149.000,"busy":1.000},\
            "sent":204.000,"shares":204.000,"statuses":{"200":4.000,"201":50.000,"409":149.000,"503":1.000},"wallMs":1700.000,\
            "wrkDurationUs":2100000.000,"wrkRequests":204.000}
            """;

    @Test
    void aFixedCountRunIsReadWithItsWallTimeStatusesAndProblems() {
        WrkSummary seed = WrkSummary.parse(SEED);

        assertTrue(seed.fixedCount());
        assertEquals(204, seed.answered());
        assertEquals(204, seed.sent());
        assertEquals(120.0, seed.perSecondRate(), 1e-9, "204 answers in 1.7 s, not wrk's 2.1 s");
        assertEquals(50, seed.count(201));
        assertEquals(149, seed.problem("sold-out"));
        assertEquals(1, seed.serverErrors());
        assertEquals(1, seed.unexpected(SeedScenario.EXPECTED));
        assertEquals(0, seed.socketErrors(), "the status count is no socket error");
        assertEquals(312.5, seed.millisUntilFirst("sold-out"), 1e-9);
        assertEquals(-1, seed.millisUntilFirst("rate-limited"), 1e-9);
        assertEquals(List.of(0, 1), List.copyOf(seed.perSecond().keySet()));
        assertEquals(18.4, seed.latency().p50(), 1e-9);
        assertEquals(61.02, seed.latency().p99(), 1e-9);
        assertEquals(120.0 * 149 / 204, seed.perSecondRate(seed.problem("sold-out")), 1e-9);
    }

    @Test
    void aDurationRunIsReckonedAsWrkItselfDoes() {
        WrkSummary ping = WrkSummary.parse("""
                wrk-summary {"answered":16344.000,"errors":{"connect":0.000,"read":2.000,"status":0.000,"timeout":1.000,\
                "write":0.000},"firstMs":{},"latencyUs":{"max":409791.000,"mean":29782.360,"p50":15408.000,"p90":75253.000,\
                "p99":186816.000,"p999":329687.000},"perSecond":{"0":2582.000},"problems":{},"sent":0.000,"shares":0.000,\
                "statuses":{"200":16344.000},"wallMs":5086.953,"wrkDurationUs":5000000.000,"wrkRequests":16345.000}
                """);

        assertFalse(ping.fixedCount());
        assertEquals(16345 / 5.0, ping.perSecondRate(), 1e-9);
        assertEquals(0, ping.unexpected(Set.of(200)));
        assertEquals(3, ping.socketErrors());
    }

    @Test
    void plainWrkIsReadFromItsRequestsPerSecondLine() {
        String plain = """
                Running 10s test @ http://127.0.0.1:8180/api/ping
                  2 threads and 64 connections
                  212345 requests in 10.00s, 30.12MB read
                Requests/sec:  21234.56
                Transfer/sec:      3.01MB
                """;

        assertEquals(21234.56, WrkSummary.plainRequestsPerSecond(plain), 1e-9);
    }

    @Test
    void outputWithoutASummaryIsAnErrorThatShowsIt() {
        IllegalStateException error = assertThrows(IllegalStateException.class,
                () -> WrkSummary.parse("PANIC: unprotected error in call to Lua API (answers.lua:12: boom)\n"));
        assertTrue(error.getMessage().contains("answers.lua:12"));
    }
}
