package dev.flashsale.platform.redis;

import dev.flashsale.platform.sql.ClasspathText;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Logger;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisNoScriptException;
import redis.clients.jedis.exceptions.JedisRedirectionException;

/**
 * The Redis scripts in {@code lua/}, read once at start-up (each with the parts of
 * {@code lua/parts/} it includes in place) and run with EVALSHA. Redis keeps
 * scripts only in memory: after a restart, a failover or SCRIPT FLUSH it answers NOSCRIPT, and
 * the call is repeated with the script's source, on the server (the cluster's master) that
 * answered so.
 */
@ApplicationScoped
public class RedisScripts {

    private static final Logger LOG = Logger.getLogger(RedisScripts.class.getName());

    private Map<String, String> sources;
    private Map<String, String> digests;

    @PostConstruct
    public void load() {
        Map<String, String> texts = ClasspathText.readTree("lua", ".lua", null);
        Map<String, String> scripts = new TreeMap<>();
        texts.forEach((name, text) -> {
            if (!ScriptParts.isPart(name)) {
                scripts.put(name, ScriptParts.withParts(name, text, texts));
            }
        });
        sources = Collections.unmodifiableMap(scripts);
        digests = sources.entrySet().stream()
                .collect(java.util.stream.Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> sha1(e.getValue())));
        LOG.info(() -> "Loaded Redis scripts " + sources.keySet() + " from lua/");
    }

    /**
     * Loads every script into Redis (on a cluster into every master), so that the first EVALSHA
     * after a restart finds it.
     */
    public void loadInto(UnifiedJedis redis) {
        sources.values().forEach(redis::scriptLoad);
    }

    /**
     * Runs {@code lua/<name>.lua}; its integer answer as a long. On a cluster the call goes to the
     * master owning the keys' slot (all keys of a script share one), and so does the source when
     * that master lost the script: each master is reloaded on its own.
     */
    public long run(UnifiedJedis redis, String name, List<String> keys, List<String> args) {
        return (Long) runForReply(redis, name, keys, args);
    }

    /**
     * Runs {@code lua/<name>.lua} as {@link #run} does; its answer as Jedis reads it (a Lua table
     * comes back as a list of longs and byte strings read as text).
     */
    public Object runForReply(UnifiedJedis redis, String name, List<String> keys, List<String> args) {
        String digest = digest(name);
        try {
            return redis.evalsha(digest, keys, args);
        } catch (JedisNoScriptException flushed) {
            // EVAL sends the source, runs it and caches it again in one step: a second flush
            // between a SCRIPT LOAD and the retry cannot fail the call.
            LOG.info(() -> "Redis lost script " + name + " (restart, failover or SCRIPT FLUSH): sending it again");
            return redis.eval(sources.get(name), keys, args);
        }
    }

    /**
     * Runs {@code lua/<name>.lua} once per pair of keys and arguments, pipelined: one round trip
     * per server the keys live on (one for a single server; on a cluster, one per master owning
     * some of the keys' slots, one after the other). The answers in the same order. A call that a
     * master could not run (it lost the script, or the slot moved away from it) did nothing, and
     * only those are run again, one by one, each sending the source if needed; the others ran and
     * must not run twice.
     */
    public List<Long> runAll(RedisClient redis, String name, List<List<String>> keys, List<List<String>> args) {
        String digest = digest(name);
        Map<Object, List<Integer>> byServer = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            byServer.computeIfAbsent(redis.serverOf(keys.get(i).get(0)), server -> new ArrayList<>()).add(i);
        }
        Long[] answers = new Long[keys.size()];
        List<Integer> notRun = new ArrayList<>();
        for (List<Integer> calls : byServer.values()) {
            List<Response<Object>> responses = new ArrayList<>(calls.size());
            try (Pipeline pipeline = redis.pipelineFor(keys.get(calls.get(0)).get(0))) {
                calls.forEach(i -> responses.add(pipeline.evalsha(digest, keys.get(i), args.get(i))));
                pipeline.sync();
            }
            for (int n = 0; n < calls.size(); n++) {
                try {
                    answers[calls.get(n)] = (Long) responses.get(n).get();
                } catch (JedisNoScriptException | JedisRedirectionException didNotRun) {
                    notRun.add(calls.get(n));
                }
            }
        }
        notRun.forEach(i -> answers[i] = run(redis.commands(), name, keys.get(i), args.get(i)));
        return List.of(answers);
    }

    private String digest(String name) {
        String digest = digests.get(name);
        if (digest == null) {
            throw new IllegalArgumentException("No Redis script lua/" + name + ".lua");
        }
        return digest;
    }

    private static String sha1(String source) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is part of every Java runtime", e);
        }
    }
}
