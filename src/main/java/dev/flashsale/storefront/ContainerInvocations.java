package dev.flashsale.storefront;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.HashMap;
import java.util.Map;

/**
 * The web module's component invocation, for the storefront door's threads, which are Grizzly's
 * and unknown to the container: each request runs inside a fresh copy of the invocation the web
 * module started in, as the web container makes one for each servlet request, so that what the
 * container finds by the calling component is found there too (a transaction-scoped entity
 * manager's persistence unit, the application's JNDI names). A copy begins with a registry of its
 * own (where an entity manager used outside a transaction is kept until the invocation ends: a
 * copy shares its original's, so it gets a new one) and a resource key of its own (under which
 * the transaction manager keeps the invocation's connections).
 *
 * <p>The invocation manager is Payara's own ({@code org.glassfish.api.invocation}), which no
 * Jakarta EE API reaches; it is called by name, looked up once. (A contextual proxy of Jakarta
 * Concurrency runs every call in one saved invocation, whose registry then outlives a call.)
 */
final class ContainerInvocations {

    private static final String MANAGER = "org.glassfish.api.invocation.InvocationManager";
    private static final String INVOCATION = "org.glassfish.api.invocation.ComponentInvocation";
    private static final String GLOBALS = "org.glassfish.internal.api.Globals";

    private final Object manager;
    private final Object template;
    private final MethodHandle copy;
    private final MethodHandle setRegistry;
    private final MethodHandle setResourceTableKey;
    private final MethodHandle preInvoke;
    private final MethodHandle postInvoke;

    private ContainerInvocations(Object manager, Object current, MethodHandles.Lookup lookup, Class<?> invocation, Class<?> managerType)
            throws ReflectiveOperationException {
        this.manager = manager;
        this.copy = lookup.findVirtual(invocation, "clone", MethodType.methodType(invocation));
        this.setRegistry = lookup.findVirtual(invocation, "setRegistry", MethodType.methodType(void.class, Map.class));
        this.setResourceTableKey = lookup.findVirtual(invocation, "setResourceTableKey", MethodType.methodType(void.class, Object.class));
        this.preInvoke = lookup.findVirtual(managerType, "preInvoke", MethodType.methodType(void.class, invocation));
        this.postInvoke = lookup.findVirtual(managerType, "postInvoke", MethodType.methodType(void.class, invocation));
        this.template = fresh(current);
    }

    /** The invocation of the component calling, to copy for each request; called while the web module starts. */
    static ContainerInvocations ofTheCallingComponent() {
        try {
            ClassLoader loader = ContainerInvocations.class.getClassLoader();
            Class<?> managerType = Class.forName(MANAGER, true, loader);
            Class<?> invocation = Class.forName(INVOCATION, true, loader);
            Object manager = Class.forName(GLOBALS, true, loader).getMethod("get", Class.class).invoke(null, managerType);
            Object current = managerType.getMethod("getCurrentInvocation").invoke(manager);
            if (manager == null || current == null) {
                throw new IllegalStateException("No component invocation to copy: not called by a starting web module");
            }
            return new ContainerInvocations(manager, current, MethodHandles.publicLookup(), invocation, managerType);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("This server's invocation manager is not Payara's as known", e);
        }
    }

    /** Begins a request's invocation on this thread; {@link #end} it after. */
    Object begin() {
        try {
            Object invocation = fresh(template);
            preInvoke.invoke(manager, invocation);
            return invocation;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("The container refused the invocation", e);
        }
    }

    void end(Object invocation) {
        try {
            postInvoke.invoke(manager, invocation);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("The container refused to end the invocation", e);
        }
    }

    private Object fresh(Object of) throws ReflectiveOperationException {
        try {
            Object invocation = copy.invoke(of);
            setRegistry.invoke(invocation, new HashMap<Class<?>, Object>());
            setResourceTableKey.invoke(invocation, new Object());
            return invocation;
        } catch (RuntimeException | Error | ReflectiveOperationException e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
