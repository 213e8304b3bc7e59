package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Properties;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.junit.jupiter.api.Test;

/** How the build extension reads hipdll:build's parameters and writes the SDK key into its configuration. */
class SdkKeyParticipantTest {
    private static Xpp3Dom config(String name, String value) {
        Xpp3Dom c = new Xpp3Dom("configuration");
        Xpp3Dom child = new Xpp3Dom(name);
        child.setValue(value);
        c.addChild(child);
        return c;
    }

    private static Plugin plugin() {
        Plugin p = new Plugin();
        p.setGroupId("dev.hipdll");
        p.setArtifactId("hipdll-maven-plugin");
        PluginExecution build = new PluginExecution();
        build.setId("build");
        build.addGoal("build");
        PluginExecution verify = new PluginExecution();
        verify.setId("verify");
        verify.addGoal("verify");
        p.addExecution(build);
        p.addExecution(verify);
        return p;
    }

    private static Properties props(String k, String v) {
        Properties p = new Properties();
        p.setProperty(k, v);
        return p;
    }

    @Test
    void theKeyIsWrittenIntoEveryBuildExecutionsConfigurationReplacingAnOldOneAndNowhereElse() {
        Plugin p = plugin();
        p.getExecutions().get(0).setConfiguration(config("sdkFingerprint", "sha256:old"));
        SdkKeyParticipant.inject(p, "sha256:new");
        Xpp3Dom build = (Xpp3Dom) p.getExecutions().get(0).getConfiguration();
        assertEquals(1, build.getChildren("sdkFingerprint").length);
        assertEquals("sha256:new", build.getChild("sdkFingerprint").getValue());
        assertNull(p.getExecutions().get(1).getConfiguration(), "hipdll:verify has no sdkFingerprint parameter");
        assertNull(p.getConfiguration(), "the plugin-level configuration is already merged into the executions");
    }

    @Test
    void parametersAreReadAsMavenSetsThemConfigurationBeforeProperties() {
        Plugin p = plugin();
        List<Properties> props = List.of(props("hip.sdkRoot", "/from/-D"), props("hip.sdkRoot", "/from/pom/property"));
        assertEquals("/from/-D", SdkKeyParticipant.value(p, "sdkRoot", props));
        assertEquals("/from/pom/property", SdkKeyParticipant.value(p, "sdkRoot", props.subList(1, 2)));
        p.setConfiguration(config("sdkRoot", "/plugin/level"));
        assertEquals("/plugin/level", SdkKeyParticipant.value(p, "sdkRoot", props));
        p.getExecutions().get(0).setConfiguration(config("sdkRoot", "/build/execution"));
        assertEquals("/build/execution", SdkKeyParticipant.value(p, "sdkRoot", props));
        p.getExecutions().get(1).setConfiguration(config("vcToolsVersion", "14.44"));
        assertNull(SdkKeyParticipant.value(p, "vcToolsVersion", List.of()), "only the build execution's configuration counts");
    }

    /**
     * A system property ({@code MAVEN_OPTS=-Dhip.sdkRoot=...}) beats the POM's {@code <properties>}, as in
     * Maven's parameter evaluation, so the key is of the SDK the build uses (a newcomer's test:
     * the key was of the POM's SDK, the build used the other one and stopped on the mismatch).
     */
    @Test
    void propertiesAreReadInMavenOrderUserThenSystemThenProject() {
        Plugin p = plugin();
        Properties user = new Properties();
        Properties system = props("hip.sdkRoot", "/from/MAVEN_OPTS");
        Properties project = props("hip.sdkRoot", "/from/pom/property");
        assertEquals("/from/MAVEN_OPTS", SdkKeyParticipant.value(p, "sdkRoot", SdkKeyParticipant.inMavenOrder(user, system, project)));
        user.setProperty("hip.sdkRoot", "/from/-D");
        assertEquals("/from/-D", SdkKeyParticipant.value(p, "sdkRoot", SdkKeyParticipant.inMavenOrder(user, system, project)));
        assertEquals("/from/pom/property", SdkKeyParticipant.value(p, "sdkRoot",
                SdkKeyParticipant.inMavenOrder(new Properties(), new Properties(), project)));
    }

    /**
     * Expressions the POM's interpolation leaves for a running goal are filled in before the key is
     * computed, as Maven fills them for hipdll:build (a newcomer's test: with
     * {@code <sdkRoot>${session.executionRootDirectory}/sdk</sdkRoot>} the key said 'unresolved' and the
     * build stopped, though the goal itself found the SDK).
     */
    @Test
    @SuppressWarnings("deprecation")
    void expressionsOfARunningGoalAreFilledInAsMavenFillsThem() {
        org.apache.maven.execution.MavenExecutionRequest request = new org.apache.maven.execution.DefaultMavenExecutionRequest();
        request.setBaseDirectory(new java.io.File("/work/top"));
        request.setUserProperties(props("sdk.name", "rocm-from-D"));
        request.setSystemProperties(props("sdk.name", "rocm-from-system"));
        org.apache.maven.execution.MavenSession session = new org.apache.maven.execution.MavenSession(null, null, request,
                new org.apache.maven.execution.DefaultMavenExecutionResult());
        org.apache.maven.project.MavenProject project = new org.apache.maven.project.MavenProject();
        project.getProperties().setProperty("sdk.dir", "sdks");
        assertEquals("/work/top/sdk", SdkKeyParticipant.expand("${session.executionRootDirectory}/sdk", session, project));
        assertEquals("/work/top/sdks/rocm-from-D", SdkKeyParticipant.expand(
                "${session.executionRootDirectory}/${sdk.dir}/${sdk.name}", session, project));
        assertEquals("${mojoExecution.lifecyclePhase}/x", SdkKeyParticipant.expand("${mojoExecution.lifecyclePhase}/x",
                session, project), "what it cannot fill stays as written");
        assertEquals("/plain/path", SdkKeyParticipant.expand("/plain/path", session, project));
    }

    /**
     * Under {@code -Dhip.skip=true} (or {@code hip.build.skip}, or {@code <skip>} in the POM)
     * the build extension resolved the HIP SDK anyway and, on a machine without one, printed its long "cannot
     * be resolved before the build" warning. A skipped build resolves nothing: its key is "skipped". Without a
     * skip the same project resolves the SDK (here a missing one: "unresolved").
     */
    @Test
    @SuppressWarnings("deprecation")
    void aSkippedBuildResolvesNoSdkAndWarnsNothing(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        String missing = dir.resolve("no-sdk").toString();
        assertEquals("skipped", keyAfterProjectsRead(dir, props("hip.skip", "true"), missing, null));
        assertEquals("skipped", keyAfterProjectsRead(dir, props("hip.build.skip", "TRUE"), missing, null));
        assertEquals("skipped", keyAfterProjectsRead(dir, new Properties(), missing, config("skip", "true")));
        assertEquals("unresolved", keyAfterProjectsRead(dir, props("hip.skip", "false"), missing, null));
        assertEquals("unresolved", keyAfterProjectsRead(dir, props("hip.skip", "true"), missing, config("skip", "false")),
                "<skip>false</skip> in the POM beats -Dhip.skip, as for the goal");
        assertEquals("hip.build.skip", SdkKeyParticipant.buildSkippedBy(plugin(), List.of(props("hip.build.skip", "true"))));
        assertNull(SdkKeyParticipant.buildSkippedBy(plugin(), List.of(props("hip.verify.skip", "true"))));
    }

    /** The sdkFingerprint the extension writes into the build execution of a project built with {@code user} properties. */
    @SuppressWarnings("deprecation")
    private static String keyAfterProjectsRead(java.nio.file.Path dir, Properties user, String sdkRoot, Xpp3Dom pluginConfig) {
        Properties withRoot = new Properties();
        withRoot.putAll(user);
        withRoot.setProperty("hip.sdkRoot", sdkRoot);
        org.apache.maven.execution.MavenExecutionRequest request = new org.apache.maven.execution.DefaultMavenExecutionRequest();
        request.setBaseDirectory(dir.toFile());
        request.setUserProperties(withRoot);
        request.setSystemProperties(new Properties());
        org.apache.maven.execution.MavenSession session = new org.apache.maven.execution.MavenSession(null, null, request,
                new org.apache.maven.execution.DefaultMavenExecutionResult());
        org.apache.maven.model.Model model = new org.apache.maven.model.Model();
        model.setGroupId("g");
        model.setArtifactId("backend");
        model.setVersion("1");
        Plugin plugin = plugin();
        plugin.setConfiguration(pluginConfig);
        org.apache.maven.model.Build build = new org.apache.maven.model.Build();
        build.addPlugin(plugin);
        model.setBuild(build);
        org.apache.maven.project.MavenProject project = new org.apache.maven.project.MavenProject(model);
        project.setFile(dir.resolve("pom.xml").toFile());
        session.setProjects(List.of(project));
        new SdkKeyParticipant().afterProjectsRead(session);
        return ((Xpp3Dom) plugin.getExecutions().get(0).getConfiguration()).getChild("sdkFingerprint").getValue();
    }
}
