package dev.flashsale.campaign;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.PackagedNode;
import dev.flashsale.testsupport.SecondNode;
import dev.flashsale.testsupport.TestServer;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The test command's stage, for the campaign's smoke: the tests' server (reached directly) and
 * the suite's second node (through its proxies), on the tests' PostgreSQL and Redis. No node is
 * killed and the machine's PostgreSQL is left alone here: the suite's later classes need both
 * nodes, and other classes restart PostgreSQL.
 */
final class SuiteStage extends Stage {

    private final List<Node> nodes;

    SuiteStage() {
        PackagedNode second = SecondNode.proxied();
        nodes = List.of(new Node(new Api(TestServer.url()), List.of(), null),
                new Node(new Api(second.base()), List.of(SecondNode.postgres()), SecondNode.redis()));
    }

    @Override
    List<Node> nodes() {
        return nodes;
    }

    @Override
    Set<Fault.Kind> faults() {
        return EnumSet.of(Fault.Kind.REDIS_KILL, Fault.Kind.REDIS_PAUSE, Fault.Kind.NODE_CUT_REDIS,
                Fault.Kind.NODE_CUT_POSTGRES, Fault.Kind.NODE_SLOW);
    }

    @Override
    Api foilNode() {
        return nodes.get(0).api();
    }

    @Override
    void restartPostgres() {
        throw new UnsupportedOperationException("The smoke leaves the machine's PostgreSQL alone");
    }

    @Override
    void failOverPostgres() {
        throw new UnsupportedOperationException("The smoke leaves the machine's PostgreSQL alone");
    }

    @Override
    void stopPostgres() {
        throw new UnsupportedOperationException("The smoke leaves the machine's PostgreSQL alone");
    }

    @Override
    void continuePostgres() {
        // Never stopped here.
    }

    @Override
    void killNode(int index) {
        throw new UnsupportedOperationException("The smoke kills no node: the suite's later classes need both");
    }

    @Override
    void recover() {
        // None killed.
    }

    @Override
    public void close() {
        nodes.forEach(Node::heal);
    }
}
