package dev.flashsale.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.TestServer;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Logger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The adversary campaign ({@link AdversaryCampaign}) in the test command: three runs from seed 1,
 * and each of its foils, caught. A longer campaign is the same class with other settings:
 * <pre>
 * ./mvnw -B verify -Dit.test=AdversaryCampaignIT#theCampaignFindsNoViolation -Dtest=NoSuchTest \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dadversary.runs=500 -Dadversary.seed=1000
 * </pre>
 * Each run prints its seed and verdict; a failing run is replayed alone with its seed and
 * {@code -Dadversary.runs=1}.
 */
@Tag("security")
class AdversaryCampaignIT {

    private static final Logger LOG = Logger.getLogger(AdversaryCampaignIT.class.getName());

    private final Api shop = new Api(TestServer.url());

    @Test
    void theCampaignFindsNoViolation() throws Exception {
        long first = Long.getLong("adversary.seed", 1);
        int runs = Integer.getInteger("adversary.runs", 3);
        AdversaryCampaign campaign = campaign(AdversaryCampaign.Foil.NONE);
        List<String> violations = new ArrayList<>();
        for (long seed = first; seed < first + runs; seed++) {
            List<String> found;
            try {
                found = campaign.run(seed);
            } catch (UncheckedIOException noAnswer) {
                // A request of the run's set-up or checks without an answer: the run's violation; the campaign goes on.
                found = List.of("no answer: " + noAnswer.getCause());
            }
            String run = "seed " + seed + ": ";
            LOG.info("adversary campaign: " + run + (found.isEmpty() ? "no violation" : found));
            found.forEach(violation -> violations.add(run + violation));
        }
        assertEquals(List.of(), violations, runs + " runs from seed " + first);
    }

    /**
     * Each foil breaks one invariant on purpose (the bot's reserves through the naive checkout, ...):
     * the campaign says so. The foils' runs go side by side, and beside the campaign's own runs:
     * each has its own key, users, sales and webhooks, and is judged on its own.
     */
    @Execution(ExecutionMode.CONCURRENT)
    @ParameterizedTest
    @EnumSource(value = AdversaryCampaign.Foil.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void theCampaignCatchesItsFoil(AdversaryCampaign.Foil foil) throws Exception {
        List<String> found = campaign(foil).run(Long.getLong("adversary.foil-seed", 7));
        assertTrue(found.stream().anyMatch(violation -> violation.contains(foil.caughtAs)), foil + " went unnoticed: " + found);
        LOG.info("adversary campaign's foil " + foil + " caught: " + found);
    }

    private AdversaryCampaign campaign(AdversaryCampaign.Foil foil) {
        String run = UUID.randomUUID().toString().substring(0, 8);
        Api.Answer issued = shop.adminPost("api/admin/api-keys", "{\"name\":\"adversary-kiosk-" + run + "\"}");
        assertEquals(201, issued.status(), issued.toString());
        return new AdversaryCampaign(shop, issued.json().getString("key"), Map.of("viewer", user("viewer", run), "merchandiser", user("merchandiser", run)), foil);
    }

    /** A new user of {@code role}; @return its Authorization header */
    private String user(String role, String run) {
        String name = "adversary-" + role + "-" + run;
        String password = "adversary-password-" + run;
        Api.Answer added = shop.adminPost("api/admin/users", "{\"username\":\"" + name + "\",\"password\":\"" + password
                + "\",\"role\":\"" + role + "\"}");
        assertEquals(201, added.status(), added.toString());
        return Api.basic(name, password);
    }
}
