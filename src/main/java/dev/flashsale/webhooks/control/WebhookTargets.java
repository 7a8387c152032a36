package dev.flashsale.webhooks.control;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.web.AddressRange;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where a webhook may be sent: never to an internal address ({@link InternalAddresses}) unless
 * {@code flashsale.webhooks.allowed-targets} names its host or a range that holds it. Judged twice:
 * at registration for a URL whose host is an IP literal, and at every attempt on the addresses its
 * host resolves to then, all of them; the request then goes to the very address judged, so a name
 * that later resolves elsewhere (DNS rebinding) is judged anew and cannot slip in between.
 */
@ApplicationScoped
public class WebhookTargets {

    private static final Logger LOG = Logger.getLogger(WebhookTargets.class.getName());
    /** The problem type of a registration refused for its target. */
    public static final String INTERNAL_PROBLEM = "webhook-target-internal";

    /** A target judged internal and not allowed: nothing is sent to it. */
    public static final class Refused extends Exception {
        Refused(String host) {
            super("refused: internal address " + host);
        }
    }

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.allowed-targets")
    Optional<String> allowedTargets;

    /** The internal targets allowed, swapped whole. */
    private record Allowed(List<AddressRange> ranges, Set<String> hosts) {
    }

    private volatile Allowed allowed = new Allowed(List.of(), Set.of());

    @PostConstruct
    void read() {
        allow(allowedTargets.orElse(""));
    }

    /**
     * Takes {@code targets} (comma-separated host names, addresses and ranges) as the allow-list:
     * the configuration's, read at start; an operator changes it by a restart, and the tests' hook
     * swaps it to show the default on a running server.
     */
    public void allow(String targets) {
        List<AddressRange> ranges = new ArrayList<>();
        List<String> hosts = new ArrayList<>();
        for (String entry : Arrays.stream(targets.split(",")).map(String::strip).filter(entry -> !entry.isEmpty()).toList()) {
            if (AddressRange.literal(entry.split("/", 2)[0]).isPresent()) {
                ranges.add(AddressRange.parse(entry));
            } else if (entry.matches("[A-Za-z0-9]([A-Za-z0-9.-]{0,252})")) {
                hosts.add(entry.toLowerCase(Locale.ROOT));
            } else {
                throw new IllegalArgumentException("flashsale.webhooks.allowed-targets: not a host name, IP address or"
                        + " CIDR range: " + entry);
            }
        }
        allowed = new Allowed(List.copyOf(ranges), Set.copyOf(hosts));
        LOG.info(() -> ranges.isEmpty() && hosts.isEmpty() ? "Webhooks are sent to public addresses only"
                : "Webhooks may also be sent to the internal targets " + targets.strip());
    }

    /**
     * At registration: a URL (checked by {@link WebhookRules}) whose host is an IP literal that may not
     * be reached is refused, 400 {@code webhook-target-internal}. A host name passes: it is judged
     * at every attempt, on what it resolves to then.
     */
    public void refuseInternalLiteral(String url) {
        String host = URI.create(url).getHost();
        Optional<InetAddress> literal = AddressRange.literal(unbracketed(host));
        if (literal.isPresent() && refused(literal.get())) {
            throw ProblemException.badRequest(INTERNAL_PROBLEM, "The webhook's host " + host + " is an internal address"
                    + " (loopback, private, link-local, ...); the operator may allow it (flashsale.webhooks.allowed-targets)");
        }
    }

    /**
     * At an attempt: the address to connect to for {@code host}, resolved now; every address it
     * resolves to must be allowed, so that a name cannot hide an internal address among public ones.
     */
    public InetAddress connectTo(String host) throws Refused, UnknownHostException {
        String name = unbracketed(host);
        Optional<InetAddress> literal = AddressRange.literal(name);
        InetAddress[] addresses = literal.isPresent() ? new InetAddress[] {literal.get()} : InetAddress.getAllByName(name);
        if (!allowed.hosts().contains(host.toLowerCase(Locale.ROOT))
                && Arrays.stream(addresses).anyMatch(this::refused)) {
            throw new Refused(Arrays.stream(addresses).map(InetAddress::getHostAddress).collect(Collectors.joining(",")));
        }
        return addresses[0];
    }

    private boolean refused(InetAddress address) {
        return InternalAddresses.isInternal(address) && allowed.ranges().stream().noneMatch(range -> range.contains(address));
    }

    private static String unbracketed(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }
}
