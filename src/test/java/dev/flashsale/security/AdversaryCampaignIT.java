package dev.flashsale.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.TestServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Logger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The adversary campaign ({@link AdversaryCampaign}) in the test command: three runs from seed 1,
 * and its foil, caught. A longer campaign is the same class with other settings:
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
        AdversaryCampaign campaign = campaign(false);
        List<String> violations = new ArrayList<>();
        for (long seed = first; seed < first + runs; seed++) {
            List<String> found = campaign.run(seed);
            String run = "seed " + seed + ": ";
            LOG.info("adversary campaign: " + run + (found.isEmpty() ? "no violation" : found));
            found.forEach(violation -> violations.add(run + violation));
        }
        assertEquals(List.of(), violations, runs + " runs from seed " + first);
    }

    /** The bot's extra reserves through the naive checkout, which checks no token: the campaign says so. */
    @Test
    void theCampaignCatchesItsFoil() throws Exception {
        List<String> found = campaign(true).run(Long.getLong("adversary.foil-seed", 7));
        assertFalse(found.isEmpty(), "the foil went unnoticed");
        LOG.info("adversary campaign's foil caught: " + found);
    }

    private AdversaryCampaign campaign(boolean foil) {
        String run = UUID.randomUUID().toString().substring(0, 8);
        Api.Answer issued = shop.adminPost("api/admin/api-keys", "{\"name\":\"adversary-kiosk-" + run + "\"}");
        assertEquals(201, issued.status(), issued.toString());
        Api kiosk = shop.withStorefrontKey(issued.json().getString("key"));
        return new AdversaryCampaign(shop, kiosk, Map.of("viewer", user("viewer", run), "merchandiser", user("merchandiser", run)), foil);
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
