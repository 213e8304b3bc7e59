package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.apache.maven.model.Build;
import org.apache.maven.model.Model;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.model.Profile;
import org.apache.maven.project.MavenProject;
import org.apache.maven.settings.Settings;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.junit.jupiter.api.Test;

/**
 * Unknown configuration elements and POM properties (a newcomer's test, B and C), on a plugin model
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

    /** A -D of MAVEN_OPTS is a JVM system property, not a user property: said so (a newcomer's test, C). */
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

    private static Plugin hipdll(String parameter, String value) {
        Plugin p = new Plugin();
        p.setGroupId("dev.hipdll");
        p.setArtifactId("hipdll-maven-plugin");
        Xpp3Dom c = new Xpp3Dom("configuration");
        Xpp3Dom child = new Xpp3Dom(parameter);
        child.setValue(value);
        c.addChild(child);
        p.setConfiguration(c);
        return p;
    }

    private static MavenProject project(Model original, MavenProject parent) {
        MavenProject p = new MavenProject(original.clone());
        p.setOriginalModel(original);
        p.setParent(parent);
        return p;
    }

    /**
     * Newcomer test: {@code <hip.rm>7</hip.rm>} with {@code <runtimeMajor>${hip.rm}</runtimeMajor>} IS used, so
     * it is no unknown property; read from the original models, the project's and its parents' (a plugin's
     * configuration, a profile's pluginManagement), and nothing else.
     */
    @Test
    void hipPropertiesThePomRefersToAreUsedAndNotWarned() {
        Model parent = new Model();
        parent.setArtifactId("parent");
        Profile profile = new Profile();
        profile.setId("ci");
        profile.setBuild(new org.apache.maven.model.BuildBase());
        profile.getBuild().setPluginManagement(new org.apache.maven.model.PluginManagement());
        profile.getBuild().getPluginManagement().addPlugin(hipdll("contract", "${hip.contractFile}"));
        parent.addProfile(profile);
        Model child = new Model();
        child.setArtifactId("child");
        child.setBuild(new Build());
        child.getBuild().addPlugin(hipdll("runtimeMajor", "${hip.rm}"));
        child.addProperty("hip.rm", "7");
        child.addProperty("hip.rn", "7");
        child.addProperty("other", "${project.version}");
        MavenProject project = project(child, project(parent, null));

        Set<String> used = UnknownParameterCheck.referencedInModels(List.of(project));
        assertEquals(Set.of("hip.rm", "hip.contractFile"), used);

        Properties pom = new Properties();
        pom.setProperty("hip.rm", "7");
        pom.setProperty("hip.rn", "7"); // a typo the POM refers to nowhere: still warned
        Set<String> known = Set.of("hip.runtimeMajor", "hip.arch");
        assertEquals(List.of("unknown property <hip.rn> in the POM's <properties> (ignored);"
                        + " no hipdll goal has a property of a similar name"),
                UnknownParameterCheck.projectPropertyWarnings(pom, known, used, Set.of()));

        Properties user = new Properties();
        user.setProperty("hip.rm", "7");
        user.setProperty("hip.contractFile", "x.c");
        user.setProperty("hip.ach", "gfx1151");
        assertEquals(List.of("unknown property -Dhip.ach on the command line (ignored); did you mean -Dhip.arch?"),
                UnknownParameterCheck.commandLineWarnings(user, user, known, used));
        // without the POM's references, -Dhip.rm is unknown (as it was before the fix)
        assertEquals(3, UnknownParameterCheck.commandLineWarnings(user, user, known).size());
    }

    /** A hip.* property of an active settings.xml profile is said to come from there, not from the POM. */
    @Test
    void aPropertyOfASettingsProfileIsNamedAsSuch() {
        Settings settings = new Settings();
        org.apache.maven.settings.Profile profile = new org.apache.maven.settings.Profile();
        profile.setId("hip");
        profile.addProperty("hip.staticRuntme", "true");
        profile.addProperty("hip.verify.skp", "true");
        settings.addProfile(profile);
        Model original = new Model();
        original.addProperty("hip.verify.skp", "true"); // the POM sets it too
        Set<String> fromSettings = UnknownParameterCheck.settingsProfileProperties(settings);
        fromSettings.removeAll(UnknownParameterCheck.declaredInModels(project(original, null)));

        Properties effective = new Properties();
        effective.setProperty("hip.staticRuntme", "true");
        effective.setProperty("hip.verify.skp", "true");
        assertEquals(List.of(
                "unknown property <hip.verify.skp> in the POM's <properties> (ignored); did you mean <hip.verify.skip>?",
                "unknown property <hip.staticRuntme> in the <properties> of an active settings.xml profile (ignored);"
                        + " did you mean <hip.staticRuntime>?"),
                UnknownParameterCheck.projectPropertyWarnings(effective, Set.of("hip.staticRuntime", "hip.verify.skip"),
                        Set.of(), fromSettings));
    }
}
