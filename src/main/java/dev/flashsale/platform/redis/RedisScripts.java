package dev.flashsale.platform.redis;

import dev.flashsale.platform.sql.ClasspathText;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import java.util.ArrayList;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * The Redis scripts in {@code lua/}, read once at start-up and run with EVALSHA. Redis keeps
 * scripts only in memory: after a restart, a failover or SCRIPT FLUSH it answers NOSCRIPT, and
 * the call is repeated with the script's source.
 */
@ApplicationScoped
public class RedisScripts {

    private static final Logger LOG = Logger.getLogger(RedisScripts.class.getName());

    private Map<String, String> sources;
    private Map<String, String> digests;

    @PostConstruct
    public void load() {
        sources = ClasspathText.readTree("lua", ".lua", null);
        digests = sources.entrySet().stream()
                .collect(java.util.stream.Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> sha1(e.getValue())));
        LOG.info(() -> "Loaded Redis scripts " + sources.keySet() + " from lua/");
    }

    /** Loads every script into Redis, so that the first EVALSHA after a restart finds it. */
    public void loadInto(Jedis redis) {
        sources.values().forEach(redis::scriptLoad);
    }

    /** Runs {@code lua/<name>.lua}; its integer answer as a long. */
    public long run(Jedis redis, String name, List<String> keys, List<String> args) {
        String digest = digest(name);
        try {
            return (Long) redis.evalsha(digest, keys, args);
        } catch (JedisNoScriptException flushed) {
            // EVAL sends the source, runs it and caches it again in one step: a second flush
            // between a SCRIPT LOAD and the retry cannot fail the call.
            LOG.info(() -> "Redis lost script " + name + " (restart, failover or SCRIPT FLUSH): sending it again");
            return (Long) redis.eval(sources.get(name), keys, args);
        }
    }

    /**
     * Runs {@code lua/<name>.lua} once per pair of keys and arguments, in one round trip
     * (pipelined); the answers in the same order. A script Redis lost fails every call of the
     * pipeline alike (none ran), so they are all run again one by one, each sending the source.
     */
    public List<Long> runAll(Jedis redis, String name, List<List<String>> keys, List<List<String>> args) {
        String digest = digest(name);
        Pipeline pipeline = redis.pipelined();
        List<Response<Object>> answers = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            answers.add(pipeline.evalsha(digest, keys.get(i), args.get(i)));
        }
        pipeline.sync();
        try {
            return answers.stream().map(answer -> (Long) answer.get()).toList();
        } catch (JedisNoScriptException flushed) {
            List<Long> again = new ArrayList<>(keys.size());
            for (int i = 0; i < keys.size(); i++) {
                again.add(run(redis, name, keys.get(i), args.get(i)));
            }
            return again;
        }
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
