package dev.flashsale.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.browser.Browser;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A page on another origin cannot make a browser change something in the admin API with the
 * credentials it holds: an admin call that changes something needs a JSON body or the
 * X-Requested-By header, which a form cannot send. Before the check, the form below paused the
 * sale (200 {@code PAUSED}) and each body-less call below answered 200.
 */
@Tag("security")
class CrossSiteRequestIT {

    private final Api api = new Api(TestServer.url());

    @Test
    void aChangeWithNeitherAJsonBodyNorTheHeaderIsRefusedAndChangesNothing() {
        String saleId = Sales.openSale(api, Sales.uniqueSku("csrf-api"), 5, 1, 600, "REFUSE").getString("id");
        String admin = Api.basic(Api.ADMIN_USER, Api.ADMIN_PASSWORD);
        String pause = "api/admin/sales/" + saleId + "/pause";
        List<Api.Answer> refused = List.of(
                api.postEmpty(pause, "Authorization", admin),
                api.postRaw(pause, "x=1", "Authorization", admin, "Content-Type", "application/x-www-form-urlencoded"),
                api.postRaw(pause, "{}", "Authorization", admin, "Content-Type", "text/plain"),
                api.postRaw(pause, "x", "Authorization", admin, "Content-Type", "multipart/form-data; boundary=x"));
        for (Api.Answer answer : refused) {
            assertEquals(403, answer.status(), answer.toString());
            assertEquals("cross-site-request", answer.problemType(), answer.toString());
        }
        assertEquals("OPEN", statusOf(saleId), "nothing changed");

        assertEquals(200, api.postEmpty(pause, "Authorization", admin, "X-Requested-By", "a-script").status());
        assertEquals("PAUSED", statusOf(saleId));
    }

    /**
     * The browser holds the admin's HTTP Basic credentials (it logged in on the admin API), then
     * opens a page on another origin that posts a form to the admin API at once.
     */
    @Test
    void aFormOnAnotherOriginCannotPauseASaleWithTheBrowsersCredentials() throws IOException {
        String saleId = Sales.openSale(api, Sales.uniqueSku("csrf-page"), 5, 1, 600, "REFUSE").getString("id");
        URI app = URI.create(TestServer.url().toString());
        String target = app.resolve("api/admin/sales/" + saleId + "/pause").toString();
        HttpServer otherOrigin = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        byte[] page = ("<!doctype html><html><body><form id=f method=post enctype=text/plain action=\"" + target + "\">"
                + "<input name='{\"a\":\"' value='\"}'></form><script>document.getElementById('f').submit()</script>"
                + "</body></html>").getBytes(StandardCharsets.UTF_8);
        otherOrigin.createContext("/", exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        otherOrigin.start();
        try (Browser browser = Browser.fresh(app)) {
            String withCredentials = app.getScheme() + "://" + URLEncoder.encode(Api.ADMIN_USER, StandardCharsets.UTF_8) + ":"
                    + URLEncoder.encode(Api.ADMIN_PASSWORD, StandardCharsets.UTF_8) + "@" + app.getAuthority()
                    + app.getPath() + "api/admin/sales/" + saleId;
            browser.open(withCredentials).awaitBodyContains(saleId);

            browser.open("http://127.0.0.1:" + otherOrigin.getAddress().getPort() + "/").awaitBodyContains("cross-site-request");
            assertTrue(browser.currentUrl().endsWith("/pause"), "the form was sent: " + browser.currentUrl());
        } finally {
            otherOrigin.stop(0);
        }
        assertEquals("OPEN", statusOf(saleId), "the form changed nothing");
    }

    private static String statusOf(String saleId) {
        return Db.text("SELECT status FROM sale WHERE id = ?::uuid", saleId);
    }
}
