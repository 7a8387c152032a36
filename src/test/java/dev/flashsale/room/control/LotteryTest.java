package dev.flashsale.room.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The lottery's order: what the openssl commands of docs/api.md compute from the tickets'
 * commitments, independent of the order the tickets arrive in, and fair: over many lotteries every ticket comes first equally often (a
 * chi-square check), a check that a deliberately biased shuffle fails.
 */
class LotteryTest {

    private static final int TICKETS = 8;
    private static final int LOTTERIES = 16_000;
    /** The chi-square value that 7 degrees of freedom pass with probability 0.001 only. */
    private static final double CHI_SQUARE_7_AT_0_001 = 24.322;

    @Test
    void theOrderIsTheOneTheReadmeRecomputesWithOpenssl() {
        byte[] seed = Lottery.fromHex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");

        assertEquals("630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd", Lottery.seedHash(seed));
        String bravo = Lottery.commitment("t_bravo");
        assertEquals("a81e13c59483e41d93fe4ef70aeb9eab50294b4ace39c47a7e16745a6618c646", bravo);
        assertEquals("6bcc08782866d5de35b4ca237c673c5a5f90d0e986b0322049d769e1fdc40086", Lottery.rank(seed, bravo));
        assertEquals(List.of("t_bravo", "t_charlie", "t_alpha"), Lottery.order(seed, List.of("t_alpha", "t_bravo", "t_charlie")));
    }

    /** The order as the record's algorithm states it: by each commitment's rank in lower-case hex, then by commitment. */
    @Test
    void theOrderIsTheRanksInHexOrder() {
        byte[] seed = Lottery.newSeed();
        List<String> tickets = IntStream.range(0, 5_000).mapToObj(i -> "t_" + i + "_" + Integer.toHexString(i * 7919)).toList();
        List<String> byHex = tickets.stream()
                .sorted(Comparator.comparing((String ticket) -> Lottery.rank(seed, Lottery.commitment(ticket)))
                        .thenComparing(Lottery::commitment))
                .toList();

        assertEquals(byHex, Lottery.order(seed, tickets));
    }

    @Test
    void theOrderDependsOnTheSeedAndTheTicketsOnlyNotOnTheirArrival() {
        byte[] seed = Lottery.newSeed();
        List<String> tickets = IntStream.range(0, 200).mapToObj(i -> "t_" + i).toList();
        List<String> shuffled = new ArrayList<>(tickets);
        Collections.shuffle(shuffled, new Random(7));

        List<String> order = Lottery.order(seed, tickets);
        assertEquals(order, Lottery.order(seed, shuffled));
        assertEquals(order, Lottery.order(Arrays.copyOf(seed, seed.length), tickets));
        assertNotEquals(order, Lottery.order(Lottery.newSeed(), tickets), "another seed, another order");
        assertEquals(tickets.size(), order.stream().distinct().count());
    }

    @Test
    void everyTicketComesFirstEquallyOften() {
        double chiSquare = chiSquareOfFirstPlaces(Lottery::order);

        assertTrue(chiSquare < CHI_SQUARE_7_AT_0_001, "chi-square " + chiSquare + " over " + LOTTERIES + " lotteries");
    }

    @Test
    void theSameCheckFailsOnABiasedShuffle() {
        double chiSquare = chiSquareOfFirstPlaces(LotteryTest::naiveSwapShuffle);

        assertTrue(chiSquare > CHI_SQUARE_7_AT_0_001, "the biased shuffle passed: chi-square " + chiSquare);
    }

    /**
     * Runs {@link #LOTTERIES} lotteries of the same {@link #TICKETS} tickets, each with a seed from a
     * random source of fixed seed (so the check is the same on every run), and counts which ticket
     * comes first: the chi-square statistic of those counts against the uniform distribution.
     */
    private static double chiSquareOfFirstPlaces(BiFunction<byte[], List<String>, List<String>> shuffle) {
        Random source = new Random(20261201L);
        List<String> tickets = IntStream.range(0, TICKETS).mapToObj(i -> "t_ticket" + i).toList();
        long[] first = new long[TICKETS];
        for (int lottery = 0; lottery < LOTTERIES; lottery++) {
            byte[] seed = new byte[32];
            source.nextBytes(seed);
            first[tickets.indexOf(shuffle.apply(seed, tickets).get(0))]++;
        }
        double expected = (double) LOTTERIES / TICKETS;
        return Arrays.stream(first).mapToDouble(observed -> (observed - expected) * (observed - expected) / expected).sum();
    }

    /** The classic mistake: swap each place with any place (n^n outcomes over n! orders). */
    private static List<String> naiveSwapShuffle(byte[] seed, List<String> tickets) {
        Random random = new Random(java.nio.ByteBuffer.wrap(seed).getLong());
        List<String> order = new ArrayList<>(tickets);
        for (int i = 0; i < order.size(); i++) {
            Collections.swap(order, i, random.nextInt(order.size()));
        }
        return order;
    }
}
