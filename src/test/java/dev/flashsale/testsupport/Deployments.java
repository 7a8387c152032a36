package dev.flashsale.testsupport;

import java.io.File;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The WAR exactly as the build packaged it, plus the test support classes. */
public final class Deployments {

    private Deployments() {
    }

    public static WebArchive application() {
        File war = new File("target/flashsale.war");
        if (!war.isFile()) {
            throw new IllegalStateException("target/flashsale.war is missing: run the tests with mvn verify");
        }
        return ShrinkWrap.create(ZipImporter.class, "flashsale.war").importFrom(war).as(WebArchive.class)
                .addPackage(Deployments.class.getPackage());
    }
}
