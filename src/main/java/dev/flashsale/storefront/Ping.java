package dev.flashsale.storefront;

import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Described;
import dev.flashsale.platform.pipeline.Described.Outcome;
import dev.flashsale.platform.pipeline.Handler;
import dev.flashsale.platform.security.Access;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * {@code GET /api/ping}, the cheapest answer the HTTP stack can give: no credentials, no
 * transaction, no database. Load balancers use it for liveness, and the benchmark as the HTTP
 * ceiling of this server.
 */
@ApplicationScoped
@Access(Access.PUBLIC)
@Answers(value = "GET /api/ping", produces = Answer.TEXT)
@Described(id = "ping", tag = Described.TAG_HEALTH, summary = "The cheapest answer: no database, no credentials",
        outcomes = @Outcome(status = 200, text = "pong"))
public class Ping implements Handler<Void> {

    private static final Answer PONG = Answer.text("pong");

    @Override
    public Void read(Call call) {
        return null;
    }

    @Override
    public Answer answer(Call call, Void request) {
        return PONG;
    }
}
