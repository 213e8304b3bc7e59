package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.junit.jupiter.api.Test;

/**
 * Unknown configuration elements and POM properties (issue 13 newcomer test, B and C), on a plugin model
 * shaped as Maven's effective model has it: the plugin-level configuration merged into each execution's.
 */
class UnknownParameterCheckTest {
    private static final Set<String> PARAMETERS = Set.of("contract", "staticRuntime", "arch");

    private static Xpp3Dom configuration(String... names) {
        Xpp3Dom c = new Xpp3Dom("configuration");
        for (String n : names) {
            Xpp3Dom child = new Xpp3Dom(n);
            child.setValue("x");
            c.addChild(child);
        }
        return c;
    }

    private static PluginExecution execution(String id, String... names) {
        PluginExecution e = new PluginExecution();
        e.setId(id);
        e.setConfiguration(configuration(names));
        return e;
    }

    @Test
    void aPluginLevelTypoMergedIntoEveryExecutionIsWarnedOnceAsPluginLevel() {
        Plugin p = new Plugin();
        p.setArtifactId("hipdll-maven-plugin");
        p.setConfiguration(configuration("staticRuntme", "configuration"));
        // as Maven merges it: the plugin-level elements are in each execution's configuration too
        p.addExecution(execution("build-backend", "staticRuntme", "configuration", "arch"));
        p.addExecution(execution("verify-backend", "staticRuntme", "configuration", "contrat"));
        p.addExecution(execution("other", "contrat", "ach"));
        assertEquals(List.of(
                "unknown parameter <configuration> in the <configuration> of hipdll-maven-plugin (ignored);"
                        + " no hipdll goal has a parameter of a similar name",
                "unknown parameter <staticRuntme> in the <configuration> of hipdll-maven-plugin (ignored);"
                        + " did you mean <staticRuntime>?",
                "unknown parameter <ach> in the <configuration> of hipdll-maven-plugin's execution 'other' (ignored);"
                        + " did you mean <arch>?",
                "unknown parameter <contrat> in the <configuration> of hipdll-maven-plugin's executions 'verify-backend',"
                        + " 'other' (ignored); did you mean <contract>?"),
                UnknownParameterCheck.configurationWarnings(p, PARAMETERS));
    }

    @Test
    void hipPropertiesOfThePomThatNoGoalKnowsAreWarned() {
        Properties pom = new Properties();
        pom.setProperty("hip.arch", "gfx1151");
        pom.setProperty("hip.staticRuntme", "false");
        pom.setProperty("hip.verify.skp", "true");
        pom.setProperty("project.build.outputTimestamp", "1");
        assertEquals(List.of(
                "unknown property <hip.staticRuntme> in the POM's <properties> (ignored); did you mean <hip.staticRuntime>?",
                "unknown property <hip.verify.skp> in the POM's <properties> (ignored); did you mean <hip.verify.skip>?"),
                UnknownParameterCheck.projectPropertyWarnings(pom, Set.of("hip.arch", "hip.staticRuntime", "hip.verify.skip")));
    }

    /** A -D of MAVEN_OPTS is a JVM system property, not a user property: said so (issue 13 newcomer test, C). */
    @Test
    void aPropertyOfMavenOptsIsNotSaidToBeOnTheCommandLine() {
        Properties user = new Properties();
        user.setProperty("hip.staticRuntme", "true");
        Properties system = new Properties();
        system.setProperty("hip.staticRuntme", "true"); // Maven copies command-line -D into the system properties
        system.setProperty("hip.verify.skp", "true");   // from MAVEN_OPTS
        system.setProperty("java.home", "/jdk");
        assertEquals(List.of(
                "unknown property -Dhip.staticRuntme on the command line (ignored); did you mean -Dhip.staticRuntime?",
                "unknown property -Dhip.verify.skp as a JVM system property (MAVEN_OPTS or .mvn/jvm.config) (ignored);"
                        + " did you mean -Dhip.verify.skip?"),
                UnknownParameterCheck.commandLineWarnings(user, system, Set.of("hip.staticRuntime", "hip.verify.skip")));
    }
}
