package dev.flashsale.webhooks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.webhooks.entity.WebhookInput;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class WebhookRulesTest {

    private static final List<String> EVENTS = List.of("reservation.confirmed");

    @Test
    void takesAnHttpsUrlKnownEventsAndAStandardSecret() {
        String secret = WebhookSecrets.generate();
        WebhookRules.Checked checked = WebhookRules.check(new WebhookInput("https://shop.example/hooks?x=1",
                List.of("sale.sold_out", "ticket.admitted", "sale.sold_out"), secret, null));
        assertEquals(List.of("ticket.admitted", "sale.sold_out"), checked.events(), "each once, in the documented order");
        assertEquals(secret, checked.secret());
        assertTrue(checked.enabled());
    }

    @Test
    void takesTheSchemeInAnyCaseAndStoresItInLowerCase() {
        assertEquals("https://Shop.example/Hooks?X=1", WebhookRules.check(new WebhookInput("HTTPS://Shop.example/Hooks?X=1",
                EVENTS, null, null)).url());
        assertEquals("http://shop.example/", WebhookRules.check(new WebhookInput("hTtP://shop.example/", EVENTS, null, null)).url());
    }

    @Test
    void refusesUrlsThatAreNotHttpOrHttps() {
        for (String url : List.of("ftp://shop.example/x", "file:///etc/passwd", "javascript:alert(1)", "shop.example/hook",
                "http://", "https://user:pw@shop.example/x", "http://shop.example/x#f", "http://exa mple/",
                "https://shop.example/" + "a".repeat(WebhookRules.URL_MAX))) {
            assertEquals(List.of("url"), fields(new WebhookInput(url, EVENTS, null, true)), url);
        }
    }

    @Test
    void refusesUnknownOrMissingEvents() {
        assertEquals(List.of("events"), fields(new WebhookInput("http://127.0.0.1:9/x", List.of("reservation.made"), null, true)));
        assertEquals(List.of("events"), fields(new WebhookInput("http://127.0.0.1:9/x", List.of(), null, true)));
        assertEquals(List.of("events"), fields(new WebhookInput("http://127.0.0.1:9/x", null, null, true)));
    }

    @Test
    void refusesSecretsTooShortTooLongOrNotInTheStandardForm() {
        String tooShort = "whsec_" + Base64.getEncoder().encodeToString(new byte[WebhookSecrets.MIN_BYTES - 1]);
        String tooLong = "whsec_" + Base64.getEncoder().encodeToString(new byte[WebhookSecrets.MAX_BYTES + 1]);
        String bare = Base64.getEncoder().encodeToString(new byte[32]);
        for (String secret : List.of(tooShort, tooLong, bare, "whsec_not base64!", "whsec_", "")) {
            assertEquals(List.of("secret"), fields(new WebhookInput("https://shop.example/x", EVENTS, secret, true)), secret);
        }
    }

    @Test
    void namesEveryFieldThatIsWrongInOneAnswer() {
        assertEquals(List.of("events", "secret", "url"), fields(new WebhookInput("gopher://x", List.of("nope"), "short", true)));
    }

    @Test
    void generatedSecretsAreValidAndDistinct() {
        String one = WebhookSecrets.generate();
        assertTrue(WebhookSecrets.problemWith(one).isEmpty(), one);
        assertTrue(!one.equals(WebhookSecrets.generate()));
        assertEquals(32, WebhookSecrets.key(one).length);
        assertTrue(WebhookSecrets.shown(one).length() < 12, "a list shows a few characters only");
    }

    private static List<String> fields(WebhookInput input) {
        ProblemException refused = assertThrows(ProblemException.class, () -> WebhookRules.check(input));
        assertEquals(400, refused.status());
        assertEquals("invalid-request", refused.slug());
        return refused.toProblem().errors().stream().map(Problem.FieldError::field).distinct().toList();
    }
}
