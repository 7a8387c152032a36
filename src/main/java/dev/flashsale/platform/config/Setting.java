package dev.flashsale.platform.config;

import static dev.flashsale.platform.config.Setting.Component.ACCESS;
import static dev.flashsale.platform.config.Setting.Component.CONSOLE;
import static dev.flashsale.platform.config.Setting.Component.DATABASE;
import static dev.flashsale.platform.config.Setting.Component.GATE;
import static dev.flashsale.platform.config.Setting.Component.HEALTH;
import static dev.flashsale.platform.config.Setting.Component.HTTP;
import static dev.flashsale.platform.config.Setting.Component.LIMITS;
import static dev.flashsale.platform.config.Setting.Component.LOCAL_RUNNER;
import static dev.flashsale.platform.config.Setting.Component.RECONCILIATION;
import static dev.flashsale.platform.config.Setting.Component.REPORTS;
import static dev.flashsale.platform.config.Setting.Component.REDIS;
import static dev.flashsale.platform.config.Setting.Component.RESERVATIONS;
import static dev.flashsale.platform.config.Setting.Component.ROOM;
import static dev.flashsale.platform.config.Setting.Component.SALES;
import static dev.flashsale.platform.config.Setting.Component.SERVER;
import static dev.flashsale.platform.config.Setting.Component.WEBHOOKS;
import static dev.flashsale.platform.config.Setting.Unit.ADDRESSES;
import static dev.flashsale.platform.config.Setting.Unit.BYTES;
import static dev.flashsale.platform.config.Setting.Unit.COUNT;
import static dev.flashsale.platform.config.Setting.Unit.FLAG;
import static dev.flashsale.platform.config.Setting.Unit.MILLISECONDS;
import static dev.flashsale.platform.config.Setting.Unit.MINUTES;
import static dev.flashsale.platform.config.Setting.Unit.PER_MINUTE;
import static dev.flashsale.platform.config.Setting.Unit.PER_SECOND;
import static dev.flashsale.platform.config.Setting.Unit.PORT;
import static dev.flashsale.platform.config.Setting.Unit.SECONDS;
import static dev.flashsale.platform.config.Setting.Unit.TEXT;

import java.util.Locale;
import java.util.Optional;

/**
 * Every setting of the product, the one place its default is written: what the application reads
 * through MicroProfile Config ({@link SettingDefaults} serves these defaults, below every other
 * source, so an environment variable or a system property overrides them), what the server's data
 * source reads (payara/data-source.asadmin), and what only the launch script (payara/flashsale) or
 * the local runner reads from the environment. docs/configuration.md is rendered from this list.
 */
public enum Setting {

    DB_URL(DATABASE, "flashsale.db.url", "jdbc:postgresql://127.0.0.1:5432/flashsale", TEXT,
            "PostgreSQL JDBC URL (the local runner without it: an embedded PostgreSQL)"),
    DB_USER(DATABASE, "flashsale.db.user", "flashsale", TEXT, "database user"),
    DB_PASSWORD(DATABASE, "flashsale.db.password", null, TEXT,
            "database password (none: trust or peer authentication)"),
    DB_SOCKET_TIMEOUT_SECONDS(DATABASE, "flashsale.db.socket-timeout-seconds", "30", SECONDS,
            "the JDBC socket timeout: a database that stops answering mid-statement fails the call after it (503)"),
    DB_APPLICATION_NAME(DATABASE, "flashsale.db.application-name", "flashsale", TEXT,
            "how this node's connections are named in PostgreSQL (`pg_stat_activity`); the pool's gauges count"
                    + " the connections of this name, so give each node its own (`payara/flashsale`:"
                    + " `flashsale@<host>:<port>`)"),
    DB_MIN_POOL_SIZE(DATABASE, "FLASHSALE_DB_MIN_POOL_SIZE", "8", COUNT,
            "connections this node keeps open (`payara/data-source.asadmin`, filled in by the launch script and"
                    + " the local runner)"),
    DB_MAX_POOL_SIZE(DATABASE, "flashsale.db.max-pool-size", "48", COUNT,
            "connections this node opens at most (several nodes together must stay under PostgreSQL's"
                    + " `max_connections`); the launch script and the local runner size the pool with it, the"
                    + " application reports it (`flashsale_db_connections_max`)"),

    HOLD_DEFAULT_SECONDS(SALES, "flashsale.hold.default-seconds", "600", SECONDS,
            "how long a reservation keeps its units before the sweeper gives them back, when the sale does not say"),

    SWEEPER_INTERVAL_MS(RESERVATIONS, "flashsale.sweeper.interval-ms", "1000", MILLISECONDS,
            "how often the sweeper looks for overdue holds (one probe of an index per node); an expired hold's"
                    + " units reach the next buyer of a room within this and a second"),
    SWEEPER_BATCH_SIZE(RESERVATIONS, "flashsale.sweeper.batch-size", "200", COUNT,
            "holds expired per transaction (sweeper and lazy reclaim)"),
    CHECKOUT_GROUP_MAX(RESERVATIONS, "flashsale.checkout.group-max", "64", COUNT,
            "most reservations of one SKU reserved in one transaction (those that arrived while the previous one"
                    + " ran); `1` = each alone"),
    CHECKOUT_LINE_MAX(RESERVATIONS, "flashsale.checkout.line-max", "128", COUNT,
            "most requests waiting in line for one stock row; the next gets 503 `busy` with Retry-After at once."
                    + " The default is the HTTP threads' (`FLASHSALE_HTTP_THREADS`): every request a node serves at once"
                    + " may wait for one row, so a crowd on one row is told `busy` only when PostgreSQL falls behind"
                    + " (`FLASHSALE_CHECKOUT_WAIT_MS`)"),
    CHECKOUT_WAIT_MS(RESERVATIONS, "flashsale.checkout.wait-ms", "4000", MILLISECONDS,
            "how long a request waits in line for its group; still queued then, it leaves with 503 `busy`; already"
                    + " in a group, it waits once more as long, then gets 503 `service-unavailable` (outcome"
                    + " unknown: retry with the same key)"),
    RESERVE_TRANSACTION_TIMEOUT_SECONDS(RESERVATIONS, "flashsale.reserve.transaction-timeout-seconds", "10", SECONDS,
            "the JTA timeout of the reserve transaction: one still open after it is rolled back"),
    RESERVE_LOCK_TIMEOUT_MS(RESERVATIONS, "flashsale.reserve.lock-timeout-ms", "2000", MILLISECONDS,
            "how long the reserve transaction waits for a stock row's lock (PostgreSQL `lock_timeout`); past it,"
                    + " its buyers get 503 `busy` with Retry-After"),
    RESERVE_STATEMENT_TIMEOUT_MS(RESERVATIONS, "flashsale.reserve.statement-timeout-ms", "5000", MILLISECONDS,
            "how long any statement of the reserve transaction may run (`statement_timeout`); past it, 503 `busy`"),
    RESERVE_IDLE_TIMEOUT_MS(RESERVATIONS, "flashsale.reserve.idle-timeout-ms", "5000", MILLISECONDS,
            "a reserve transaction left open and idle this long (its connection lost, as seen after a PostgreSQL"
                    + " restart) is ended by PostgreSQL (`idle_in_transaction_session_timeout`), and its stock row"
                    + " locks with it"),

    GATE_ENABLED(GATE, "flashsale.gate.enabled", "true", FLAG,
            "the Redis gate in front of PostgreSQL; `false` = PostgreSQL alone decides every claim"),
    GATE_RECOVERY_INTERVAL_MS(GATE, "flashsale.gate.recovery-interval-ms", "2000", MILLISECONDS,
            "how often a closed gate checks whether Redis answers again (it then rebuilds the counters)"),
    GATE_MARKER_TTL_SECONDS(GATE, "flashsale.gate.marker-ttl-seconds", "172800", SECONDS,
            "lifetime of a hold marker in Redis; must be longer than any hold (holds are at most a day)"),
    GATE_SOLD_OUT_MEMORY_MS(GATE, "flashsale.gate.sold-out-memory-ms", "1000", MILLISECONDS,
            "how long a node refuses a sold-out SKU from its memory without asking Redis again; units that come back"
                    + " end it at once on every node (Redis pub/sub), this bounds it when a message is lost; `0` = never"),
    GATE_SOLD_OUT_MEMORY_MAX_HOLDERS(GATE, "flashsale.gate.sold-out-memory-max-holders", "10000", COUNT,
            "a sold-out SKU whose units more idempotency keys hold than this is never refused from memory (a node"
                    + " keeps the keys, so that their retries are answered)"),

    REDIS_HOST(REDIS, "flashsale.redis.host", "127.0.0.1", TEXT,
            "Redis host (the local runner without it: an embedded Redis)"),
    REDIS_PORT(REDIS, "flashsale.redis.port", "6379", PORT, "Redis port"),
    REDIS_CLUSTER_NODES(REDIS, "flashsale.redis.cluster-nodes", null, ADDRESSES,
            "a Redis Cluster instead of the one server above: some of its nodes, `host:port` comma-separated (the"
                    + " others are learnt from them); the gate, its scripts, counters and rate limits then live on"
                    + " the cluster. None: the one server"),
    REDIS_USER(REDIS, "flashsale.redis.user", null, TEXT,
            "Redis ACL user the application logs in as, with `flashsale.redis.password` (the rights it needs:"
                    + " `payara/redis-acl.conf`). None: the default user"),
    REDIS_PASSWORD(REDIS, "flashsale.redis.password", null, TEXT, "Redis password (AUTH)"),
    REDIS_TIMEOUT_MS(REDIS, "flashsale.redis.timeout-ms", "250", MILLISECONDS,
            "connect and read timeout: a Redis slower than this counts as gone"),
    REDIS_POOL_SIZE(REDIS, "flashsale.redis.pool-size", "128", COUNT,
            "Redis connections (on a cluster: per node); keep it at least `FLASHSALE_HTTP_THREADS`: a request that"
                    + " waits longer than the timeout for a connection counts as a Redis failure, and the gate closes"),
    REDIS_CLUSTER_MAX_ATTEMPTS(REDIS, "flashsale.redis.cluster-max-attempts", "3", COUNT,
            "cluster only: how many times a command is tried (a dead master, a slot that moved) before it counts"
                    + " as a Redis failure"),
    REDIS_CLUSTER_MAX_RETRY_MS(REDIS, "flashsale.redis.cluster-max-retry-ms", "500", MILLISECONDS,
            "cluster only: how long a command's retries may take at most, so that a lost master never holds a"
                    + " request"),

    ROOM_TOKEN_KEY(ROOM, "flashsale.room.token-key", null, TEXT,
            "the key that signs waiting-room admission tokens (HMAC-SHA256): the same on every node, at least 32"
                    + " characters, never in git. None: each node makes one up at start-up, its tokens are good on"
                    + " that node only, and it says so in the log (the local runner makes one up once, in"
                    + " `target/dev-credentials.properties`)"),
    ROOM_BATCH_MAX(ROOM, "flashsale.room.batch-max", "128", COUNT,
            "most tickets taken and polled that a node carries to Redis in one call (`lua/room_batch.lua`): a call"
                    + " that finds its room idle goes at once, alone; those that arrive while it runs go together in"
                    + " the next"),
    ROOM_LINE_MAX(ROOM, "flashsale.room.line-max", "1024", COUNT,
            "most tickets and polls of one room waiting on a node for the call that runs now; past that, 503"
                    + " `room-unavailable` with Retry-After"),
    ROOM_WAIT_MS(ROOM, "flashsale.room.wait-ms", "3000", MILLISECONDS,
            "how long a ticket or poll may wait in its room's line for a Redis call: one that waited longer is"
                    + " answered 503 `room-unavailable` with Retry-After instead of carried (both are safe to ask again);"
                    + " one carried waits for its call, which Redis' timeouts bound (`flashsale.redis.timeout-ms`)"),
    ROOM_POLL_MEMORY_MS(ROOM, "flashsale.room.poll-memory-ms", "500", MILLISECONDS,
            "a waiting or admitted ticket polled again within this time is answered from what the node learnt at its"
                    + " last poll in Redis (an admitted one with the same token, until it runs out; a leave or revoke"
                    + " elsewhere is seen once it is up); `0` = every poll asks Redis"),
    ROOM_POLL_MEMORY_MAX(ROOM, "flashsale.room.poll-memory-max", "100000", COUNT,
            "the most waiting or admitted tickets a node remembers, each with its answer's JSON (160 to 400 bytes); past it, polls ask Redis"),
    ROOM_STOCK_REFRESH_MS(ROOM, "flashsale.room.stock-refresh-ms", "250", MILLISECONDS,
            "how often a node reads a room's sale's units from PostgreSQL for admission; polls in between use the"
                    + " reading"),
    ROOM_ADMISSIONS_RECORD_MS(ROOM, "flashsale.room.admissions-record-ms", "2000", MILLISECONDS,
            "how often each node records in PostgreSQL (`sale_room`) what every room has done, as Redis counts it:"
                    + " tickets, admissions, buyers who left, expired and revoked tickets, the waits; so that the figures"
                    + " outlive a Redis that restarted empty, and a sale's report has them when Redis does not answer"),
    ROOM_DIRECTORY_REFRESH_MS(ROOM, "flashsale.room.directory-refresh-ms", "1000", MILLISECONDS,
            "how soon a room set, turned on or off on another node counts here (its settings for polls, and"
                    + " whether the reserve path asks for a token) when its announcement through Redis"
                    + " (`fs:room-changed`, heard at once) was lost"),
    ROOM_TICKETS_MAX(ROOM, "flashsale.room.tickets-max", "1000000", COUNT,
            "most tickets one room gives out (every buyer's one ticket counts, waiting, admitted, left or lapsed);"
                    + " past it a new buyer is answered 409 `queue-full` and nothing changes. A room takes it into"
                    + " Redis with its settings (when set, or loaded again)"),
    ROOM_DRAW_STEP_TICKETS(ROOM, "flashsale.room.draw-step-tickets", "1000", COUNT,
            "tickets one step of a room's lottery draw puts in place in Redis (`lua/room_draw.lua`; 1 to 2,000):"
                    + " the draw at the opening second goes step after step, so that no call holds Redis for"
                    + " more than a few milliseconds whatever the room's size; the pre-queue is read as many at a time"),
    ROOM_DRAW_WAIT_MS(ROOM, "flashsale.room.draw-wait-ms", "2000", MILLISECONDS,
            "how long a poll that finds the lottery due waits for the draw when the pre-queue fits in one step, to"
                    + " be answered its place; a larger room's polls are answered WAITING `LOTTERY_PENDING` at once"
                    + " while the draw runs in the background"),
    ROOM_LOTTERY_RECORDS_KEPT_BYTES(ROOM, "flashsale.room.lottery-records-kept-bytes", "268435456", BYTES,
            "lottery records (gzip JSON, about 70 bytes a ticket) a node keeps in memory to serve"
                    + " `GET /api/sales/{id}/queue/lottery`, the most recently read first; a record beyond it is read"
                    + " from PostgreSQL on each request"),
    ROOM_KEYS_KEPT_SECONDS(ROOM, "flashsale.room.keys-kept-seconds", "86400", SECONDS,
            "how long a room's keys stay in Redis after its sale's end (`endsAt`; a sale without an end, or"
                    + " ended: after the room's last call); then they expire, and PostgreSQL keeps the room's"
                    + " settings, lottery record and count of admissions. `0` = never expire"),

    LIMITS_BUYER_PER_SECOND(LIMITS, "flashsale.limits.buyer.per-second", "1", PER_SECOND,
            "reservations per buyer id (all SKUs of sales, replays included; a SKU no sale has, or one this node knows is sold out, is refused before it), shared by all nodes through Redis; past it,"
                    + " 429 `rate-limited` with Retry-After and nothing changes; `0` turns the limit off"),
    LIMITS_BUYER_BURST(LIMITS, "flashsale.limits.buyer.burst", "10", COUNT,
            "reservations a buyer id may make at once before its rate applies"),
    LIMITS_API_KEY_PER_SECOND(LIMITS, "flashsale.limits.api-key.per-second", "5000", PER_SECOND,
            "storefront API requests per API key (by key name); `0` turns the limit off"),
    LIMITS_API_KEY_BURST(LIMITS, "flashsale.limits.api-key.burst", "10000", COUNT,
            "storefront API requests an API key may make at once before its rate applies"),
    LIMITS_ADDRESS_PER_SECOND(LIMITS, "flashsale.limits.address.per-second", "5000", PER_SECOND,
            "storefront API requests per client address; `0` turns the limit off"),
    LIMITS_ADDRESS_BURST(LIMITS, "flashsale.limits.address.burst", "10000", COUNT,
            "storefront API requests a client address may make at once before its rate applies"),
    LIMITS_LOGIN_USER_PER_MINUTE(LIMITS, "flashsale.limits.login-user.per-minute", "10", PER_MINUTE,
            "failed logins (admin API Basic, console form) per user name; past it, a login is refused before its"
                    + " password is hashed: 429 `too-many-failed-logins` with Retry-After (Basic), a message on the"
                    + " login page (form)"),
    LIMITS_LOGIN_USER_BURST(LIMITS, "flashsale.limits.login-user.burst", "30", COUNT,
            "failed logins a user name may have at once before its rate applies; once spent, only addresses that"
                    + " failed lately themselves are refused, so that guessers cannot lock the owner out"),
    LIMITS_LOGIN_ADDRESS_PER_MINUTE(LIMITS, "flashsale.limits.login-address.per-minute", "10", PER_MINUTE,
            "failed logins per client address (lower than per user, so that one address cannot lock a user out)"),
    LIMITS_LOGIN_ADDRESS_BURST(LIMITS, "flashsale.limits.login-address.burst", "10", COUNT,
            "failed logins a client address may have at once before its rate applies"),
    LIMITS_FAILED_CREDENTIAL_SECONDS(LIMITS, "flashsale.limits.failed-credential-seconds", "30", SECONDS,
            "a user and password that failed are answered 401 from memory this long, without a hash"),
    LIMITS_REDIS_RETRY_MS(LIMITS, "flashsale.limits.redis-retry-ms", "1000", MILLISECONDS,
            "after Redis failed a rate-limit call, how long each node keeps the limits in its own memory (so n"
                    + " nodes let through up to n times a limit) before it asks Redis again"),
    LIMITS_LOCAL_MAX_BUCKETS(LIMITS, "flashsale.limits.local-max-buckets", "100000", COUNT,
            "the most buckets a node keeps in memory while Redis is gone, and the most leases it holds"),
    LIMITS_LEASE_MS(LIMITS, "flashsale.limits.lease-ms", "10", MILLISECONDS,
            "a node takes a wide limit's tokens (API key, address) from Redis this many milliseconds of its rate at"
                    + " a time (at most 1% of its burst) and spends them for at most ten times as long; `0`: every"
                    + " request asks Redis"),

    ADMIN_USER(ACCESS, "flashsale.admin.user", "admin", TEXT,
            "the first administrator of the console and the admin API, created at start-up when no user of that name"
                    + " exists, and made administrator at start-up while no enabled administrator exists (a database from"
                    + " before the role); later users are added by administrators"),
    ADMIN_PASSWORD(ACCESS, "flashsale.admin.password", null, TEXT,
            "its password; none: no first administrator (the local runner makes one up); a later change does not"
                    + " reset an existing user"),
    ADMIN_PASSWORD_ITERATIONS(ACCESS, "flashsale.admin.password-iterations", "210000", COUNT,
            "PBKDF2 iterations of a password hashed from now on (a stored hash names its own, so a change keeps every"
                    + " password valid); at least 10000, below which the application does not start. Lower it only"
                    + " where passwords protect nothing: the tests' servers use the least"),
    ADMIN_ACCOUNT_REFRESH_MS(ACCESS, "flashsale.admin.account-refresh-ms", "5000", MILLISECONDS,
            "how soon a user disabled, a password reset or changed, or a role changed, on another node counts here"
                    + " (the user's console sessions made before end, a password remembered as checked is checked again);"
                    + " on the node that made the change, at once"),
    STOREFRONT_API_KEY(ACCESS, "flashsale.storefront.api-key", null, TEXT,
            "a storefront key (header `X-Api-Key`) accepted besides those issued in the console (the local runner"
                    + " makes one up); what it makes is owner `00000000-0000-0000-0000-000000000000`'s, as are the"
                    + " reservations recorded before keys owned anything"),
    STOREFRONT_KEY_REFRESH_MS(ACCESS, "flashsale.storefront.key-refresh-ms", "5000", MILLISECONDS,
            "how soon a key issued or revoked on another node counts here"),

    CONSOLE_SESSION_MINUTES(CONSOLE, "flashsale.console.session-minutes", "30", MINUTES,
            "idle minutes before a console session ends"),
    CONSOLE_SECURE_COOKIE(CONSOLE, "flashsale.console.secure-cookie", "true", FLAG,
            "send the session cookie over HTTPS only (keep `true` in production; the local runner sets `false`"
                    + " for plain HTTP)"),

    API_MAX_BODY_BYTES(HTTP, "flashsale.api.max-body-bytes", "16384", BYTES,
            "the largest API request body; a larger one gets 413 `body-too-large` before it is read (a chunked one"
                    + " as soon as it passes the bound)"),
    API_DRAIN_BYTES(HTTP, "flashsale.api.drain-bytes", "1048576", BYTES,
            "of a body over that limit, how much is read and thrown away before the 413 (so that a client still"
                    + " sending gets it); past it, the connection is closed"),
    API_REQUEST_THREADS(HTTP, "flashsale.api.request-threads", "4", COUNT,
            "threads that go on with storefront requests held open: a room's tickets and polls that queued"
                    + " while its Redis call ran go in its next call on one of these, which then answers them"),
    API_HELD_MAX_MS(HTTP, "flashsale.api.held-max-ms", "10000", MILLISECONDS,
            "the longest a storefront request is held open for an answer that comes later (a room's ticket or"
                    + " poll); past it, 503 `service-unavailable` with Retry-After. A backstop: the room answers"
                    + " within `flashsale.room.wait-ms` and Redis' timeouts"),
    HTTP_TRUSTED_PROXIES(HTTP, "flashsale.http.trusted-proxies", null, ADDRESSES,
            "proxies (addresses or CIDR ranges, comma-separated) whose `X-Forwarded-For` names the client address:"
                    + " every line of the header, read from the right past each trusted proxy, the first other address;"
                    + " none: the client address is the socket's peer"),

    RECONCILIATION_INTERVAL_MS(RECONCILIATION, "flashsale.reconciliation.interval-ms", "30000", MILLISECONDS,
            "how often Redis is reconciled against PostgreSQL, and PostgreSQL audits itself (one node at a time)"),

    REPORTS_REFUSALS_FLUSH_MS(REPORTS, "flashsale.reports.refusals-flush-ms", "5000", MILLISECONDS,
            "how often each node adds the reserve refusals it counted, per SKU and reason, to PostgreSQL for the"
                    + " sales' reports (a node that stops loses at most this much of its count)"),
    REPORTS_FOLD_MS(REPORTS, "flashsale.reports.fold-ms", "2000", MILLISECONDS,
            "how often a node folds the ledger's new entries into the sales' reports (one row per SKU), so that a"
                    + " report reads those rows and the entries since instead of the sale's whole ledger"),
    REPORTS_TIMEOUT_MS(REPORTS, "flashsale.reports.timeout-ms", "60000", MILLISECONDS,
            "how long any statement of a report, an export or a fold may run, and how long an export may wait"
                    + " on a client that reads slowly, before PostgreSQL ends its transaction"),
    REPORTS_REFUSALS_COUNTED(REPORTS, "flashsale.reports.refusals-counted", "true", FLAG,
            "whether each node counts the reserve refusals it answers, by SKU, reason and second, for the sales'"
                    + " reports; off, a report shows no refusals"),
    REPORTS_REFUSALS_SKUS_MAX(REPORTS, "flashsale.reports.refusals-skus-max", "10000", COUNT,
            "most SKUs a node counts refusals of between two flushes; the refusals of further SKUs (a crowd"
                    + " asking for SKUs that do not exist) are not counted"),

    HEALTH_TIMEOUT_MS(HEALTH, "flashsale.health.timeout-ms", "2000", MILLISECONDS,
            "how long the readiness probe waits for PostgreSQL and for Redis before it answers anyway (down)"),
    WARMUP_URL(HEALTH, "flashsale.warmup.url", null, TEXT,
            "the node's own address: before it reports ready, it sends itself storefront requests that change"
                    + " nothing (ping, a reserve without a key, with the configured storefront key a reserve of 0"
                    + " units and an unknown SKU's stock). None: no warm-up (the launch script gives"
                    + " `http://127.0.0.1:$FLASHSALE_HTTP_PORT`)"),
    WARMUP_REQUESTS(HEALTH, "flashsale.warmup.requests", "30000", COUNT,
            "how many warm-up requests: enough for the JIT to compile the storefront's path (the first crowd after a"
                    + " start then ran 1.8 times faster than after 4,000, for 16 s more until ready: docs/benchmarks.md)"),
    WARMUP_CLIENTS(HEALTH, "flashsale.warmup.clients", "4", COUNT, "from how many clients at once"),
    WARMUP_MAX_SECONDS(HEALTH, "flashsale.warmup.max-seconds", "60", SECONDS,
            "the longest readiness waits for the warm-up; the node reports ready then anyway"),

    WEBHOOKS_SEND_INTERVAL_MS(WEBHOOKS, "flashsale.webhooks.send-interval-ms", "1000", MILLISECONDS,
            "how often each node's sender looks for due webhook deliveries"),
    WEBHOOKS_BATCH_SIZE(WEBHOOKS, "flashsale.webhooks.batch-size", "16", COUNT,
            "a node's webhook senders: the bound on its concurrent webhook requests; a receiver's deliveries take at"
                    + " most a quarter of them, a slow receiver's one at a time, and all slow receivers' together a quarter"
                    + " once each is seen slow (docs/architecture.md, webhooks)"),
    WEBHOOKS_LEASE_SECONDS(WEBHOOKS, "flashsale.webhooks.lease-seconds", "30", SECONDS,
            "how long a claimed delivery is a node's: one whose node died mid-delivery is sent again after it"
                    + " (keep it above the connect and request timeouts)"),
    WEBHOOKS_CONNECT_TIMEOUT_MS(WEBHOOKS, "flashsale.webhooks.connect-timeout-ms", "2000", MILLISECONDS,
            "how long a webhook's receiver is given to accept the connection"),
    WEBHOOKS_REQUEST_TIMEOUT_MS(WEBHOOKS, "flashsale.webhooks.request-timeout-ms", "5000", MILLISECONDS,
            "how long a webhook's receiver is given to answer; a later answer counts as a failed attempt, and one"
                    + " that takes a fifth of it or longer marks the receiver slow (one delivery in flight at a time)"),
    WEBHOOKS_RETRY_BASE_MS(WEBHOOKS, "flashsale.webhooks.retry-base-ms", "5000", MILLISECONDS,
            "the wait after a delivery's first failed attempt; it doubles after each further one, up to"
                    + " `flashsale.webhooks.retry-max-ms`, and each wait is drawn between half and all of it (jitter)"),
    WEBHOOKS_RETRY_MAX_MS(WEBHOOKS, "flashsale.webhooks.retry-max-ms", "3600000", MILLISECONDS,
            "the longest wait between two attempts of a delivery"),
    WEBHOOKS_GIVE_UP_SECONDS(WEBHOOKS, "flashsale.webhooks.give-up-seconds", "86400", SECONDS,
            "how long a delivery is retried (from its event, or from a \"send again\"); its last attempt is made"
                    + " then, and if that fails it is marked failed"),
    WEBHOOKS_MAX(WEBHOOKS, "flashsale.webhooks.max", "20", COUNT,
            "most webhooks registered; the next is refused with 409 `too-many-webhooks`"),
    WEBHOOKS_ALLOWED_TARGETS(WEBHOOKS, "flashsale.webhooks.allowed-targets", null, ADDRESSES,
            "internal webhook receivers allowed (host names, IP addresses or CIDR ranges, comma-separated), for"
                    + " receivers on the shop's own network. None: webhooks reach public addresses only; a loopback,"
                    + " private, link-local, unique-local, CGNAT, multicast or other non-public address is refused at"
                    + " registration (400 `webhook-target-internal`) and at every attempt (operations.md, webhook"
                    + " allow-list)"),
    WEBHOOKS_HOLD_EXPIRING_SECONDS(WEBHOOKS, "flashsale.webhooks.hold-expiring-seconds", "60", SECONDS,
            "`hold.expiring` is sent this long before a hold runs out (looked for with the sweeper, every"
                    + " `flashsale.sweeper.interval-ms`); `0` = never"),
    WEBHOOKS_KEPT_HOURS(WEBHOOKS, "flashsale.webhooks.kept-hours", "168", COUNT,
            "hours an event and its deliveries are kept once none is pending (then forgotten, a batch a tick)"),

    HTTP_PORT(SERVER, "FLASHSALE_HTTP_PORT", "8080", PORT, "HTTP port (the launch script and the local runner)"),
    JAR(SERVER, "FLASHSALE_JAR", null, TEXT,
            "the uber-jar to run; none: `target/flashsale-micro.jar` beside `payara/`"),
    JAVA_OPTS(SERVER, "FLASHSALE_JAVA_OPTS", null, TEXT, "JVM options, replacing those of `payara/jvm.options`"),
    HTTP_THREADS(SERVER, "FLASHSALE_HTTP_THREADS", "128", COUNT, "HTTP worker threads"),
    HTTP_QUEUE(SERVER, "FLASHSALE_HTTP_QUEUE", "1024", COUNT,
            "accepted requests that may wait for a worker thread; past that, new connections are refused"),
    HTTP_MAX_FORM_BYTES(SERVER, "FLASHSALE_HTTP_MAX_FORM_BYTES", "1048576", BYTES,
            "the largest form body (the console's posts; API bodies have their own, smaller limit)"),
    HTTP_MAX_HEADER_BYTES(SERVER, "FLASHSALE_HTTP_MAX_HEADER_BYTES", "16384", BYTES,
            "the largest request line with its headers"),
    HTTP_MAX_CONNECTIONS(SERVER, "FLASHSALE_HTTP_MAX_CONNECTIONS", "1000", COUNT,
            "open connections at most (keep-alive included)"),
    TRANSACTION_TIMEOUT_SECONDS(SERVER, "FLASHSALE_TRANSACTION_TIMEOUT_SECONDS", "30", SECONDS,
            "the server's default transaction timeout, for every transaction that does not set its own"),
    ACCESS_LOG_DIR(SERVER, "FLASHSALE_ACCESS_LOG_DIR", null, TEXT,
            "directory of the HTTP access log, the servlet container's (console, admin API, health; the storefront's own door writes none); none: no access log"),
    ACCESS_LOG_WRITE_SECONDS(SERVER, "FLASHSALE_ACCESS_LOG_WRITE_SECONDS", "5", SECONDS,
            "how often the access log is written out"),
    START_SECONDS(SERVER, "FLASHSALE_START_SECONDS", "300", SECONDS,
            "how long a start may take until the application answers its ping on the node's port (`0`: no"
                    + " limit); a server that starts without a working HTTP listener is stopped and started again"),
    START_ATTEMPTS(SERVER, "FLASHSALE_START_ATTEMPTS", "3", COUNT,
            "starts tried before the launch script gives up with exit code 1"),
    STOP_SECONDS(SERVER, "FLASHSALE_STOP_SECONDS", "60", SECONDS,
            "how long a stopping server is given after TERM before it is killed"),

    EMBEDDED_DB_PORT(LOCAL_RUNNER, "FLASHSALE_EMBEDDED_DB_PORT", "5433", PORT, "port of the embedded PostgreSQL"),
    EMBEDDED_REDIS_PORT(LOCAL_RUNNER, "FLASHSALE_EMBEDDED_REDIS_PORT", "6380", PORT, "port of the embedded Redis");

    /** Where a setting belongs: the headings of docs/configuration.md, in this order. */
    public enum Component {
        DATABASE("PostgreSQL"),
        SALES("Sales"),
        RESERVATIONS("Reservations"),
        GATE("Redis gate"),
        REDIS("Redis"),
        ROOM("Waiting room"),
        LIMITS("Rate limits"),
        ACCESS("Access"),
        CONSOLE("Console"),
        HTTP("HTTP requests"),
        RECONCILIATION("Reconciliation"),
        REPORTS("Sale reports"),
        WEBHOOKS("Webhooks"),
        HEALTH("Readiness and warm-up"),
        SERVER("Server (the launch script payara/flashsale)"),
        LOCAL_RUNNER("Local runner");

        private final String title;

        Component(String title) {
            this.title = title;
        }

        public String title() {
            return title;
        }
    }

    /** What a setting's value counts or is. */
    public enum Unit {
        MILLISECONDS("ms"), SECONDS("s"), MINUTES("min"), BYTES("bytes"), COUNT("count"),
        PER_SECOND("per second"), PER_MINUTE("per minute"), FLAG("true/false"), PORT("port"),
        ADDRESSES("list"), TEXT("text");

        private final String label;

        Unit(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final Component component;
    private final String name;
    private final String defaultValue;
    private final Unit unit;
    private final String meaning;

    /**
     * @param name the MicroProfile Config key (lower case, dotted), or for a setting only a script reads from the
     *             environment, its environment variable
     */
    Setting(Component component, String name, String defaultValue, Unit unit, String meaning) {
        this.component = component;
        this.name = name;
        this.defaultValue = defaultValue;
        this.unit = unit;
        this.meaning = meaning;
    }

    /** Whether MicroProfile Config reads it, so that a system property of its name sets it too. */
    public boolean isConfigKey() {
        return !name.equals(environmentVariable());
    }

    /** Its MicroProfile Config key, or for one only the environment sets, its environment variable. */
    public String key() {
        return name;
    }

    /** MicroProfile Config's mapping: every character not a letter or digit an underscore, in upper case. */
    public String environmentVariable() {
        return name.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
    }

    /** Empty where nothing is set unless the operator sets it. */
    public Optional<String> defaultValue() {
        return Optional.ofNullable(defaultValue);
    }

    public Component component() {
        return component;
    }

    public Unit unit() {
        return unit;
    }

    public String meaning() {
        return meaning;
    }
}
