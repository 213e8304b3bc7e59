package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hipdll.sdk.SdkOverrides.Place;
import java.io.File;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.DefaultMavenExecutionResult;
import org.apache.maven.execution.MavenExecutionRequest;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Profile;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;

/** Which SDK overrides came from {@code -D} and which from the POM, for the origin column. */
class CommandLinePropertiesTest {

    @SuppressWarnings("deprecation")
    private static MavenSession session(Properties user, Properties system) {
        MavenExecutionRequest request = new DefaultMavenExecutionRequest();
        request.setUserProperties(user);
        request.setSystemProperties(system);
        return new MavenSession(null, null, request, new DefaultMavenExecutionResult());
    }

    @Test
    void aDashDValueIsCommandLineAndAnythingElseIsPom() {
        Properties user = new Properties();
        user.setProperty("hip.sdkRoot", "/opt/rocm");           // -Dhip.sdkRoot, injected as is
        user.setProperty("hip.libDir", "/opt/rocm/lib");        // -Dhip.libDir, but <libDir> in the POM won
        user.setProperty("hip.clangDir", "llvm/bin");           // relative: Maven resolved it against basedir
        Properties system = new Properties();
        system.setProperty("hip.includeDir", "/opt/rocm/include"); // -D in MAVEN_OPTS
        File basedir = new File("/work/project");

        Map<String, File> values = new LinkedHashMap<>();
        values.put("hip.sdkRoot", new File("/opt/rocm"));
        values.put("hip.libDir", new File("/elsewhere/lib"));
        values.put("hip.clangDir", new File("/work/project/llvm/bin"));
        values.put("hip.includeDir", new File("/opt/rocm/include"));
        values.put("hip.hipcc", new File("/opt/rocm/bin/hipcc.exe")); // only in the POM's <configuration>
        values.put("hip.deviceLibDir", new File("/work/project/bitcode")); // <hip.deviceLibDir>bitcode</...>
        values.put("hip.runtimeDll", null);                           // not set at all
        Properties project = new Properties();
        project.setProperty("hip.deviceLibDir", "bitcode");
        project.setProperty("hip.hipcc", "/other/hipcc.exe");         // a property the <configuration> overrode

        assertEquals(Map.of("hip.libDir", Place.CONFIGURATION, "hip.hipcc", Place.CONFIGURATION,
                        "hip.deviceLibDir", Place.PROJECT_PROPERTY),
                CommandLineProperties.places(session(user, system), basedir, project, values));
        assertEquals(Map.of(), CommandLineProperties.places(null, basedir, project, values));
    }

    @Test
    void aGoalWithoutAProjectTakesTheCurrentProjectOnlyWhenOneIsPresent() {
        Properties user = new Properties();
        user.setProperty("hip.libDir", "/opt/rocm/lib");
        MavenSession session = session(user, new Properties());
        MavenProject project = new MavenProject();
        project.setFile(new File("/work/project/pom.xml"));
        project.getProperties().setProperty("hip.sdkRoot", "sdk");   // <hip.sdkRoot>sdk</hip.sdkRoot>
        session.setCurrentProject(project);
        Map<String, File> values = new LinkedHashMap<>();
        values.put("hip.sdkRoot", new File("/work/project/sdk"));
        values.put("hip.libDir", new File("/opt/rocm/lib"));

        session.getRequest().setProjectPresent(true);
        assertEquals(Map.of("hip.sdkRoot", Place.PROJECT_PROPERTY), CommandLineProperties.places(session, values));
        // outside a project (doctor, load-check): Maven's stand-in project has no POM properties of the user
        session.getRequest().setProjectPresent(false);
        assertEquals(Map.of("hip.sdkRoot", Place.CONFIGURATION), CommandLineProperties.places(session, values));
        assertEquals(Map.of(), CommandLineProperties.places(null, values));
    }

    @Test
    void aPropertyOfAnActiveSettingsProfileIsNamedAsSettingsNotPom() {
        MavenSession session = session(new Properties(), new Properties());
        Profile active = new Profile();
        active.setId("hip");
        active.addProperty("hip.libDir", "/opt/rocm/lib");
        Profile inactive = new Profile();
        inactive.setId("other");
        inactive.addProperty("hip.includeDir", "/opt/rocm/include");
        session.getRequest().setProfiles(List.of(active, inactive));
        MavenProject project = new MavenProject();
        project.setFile(new File("/work/project/pom.xml"));
        project.setInjectedProfileIds("external", List.of("hip"));
        // Maven copies the settings profile's properties into the project's
        project.getProperties().setProperty("hip.libDir", "/opt/rocm/lib");
        project.getProperties().setProperty("hip.includeDir", "/opt/rocm/include"); // also in the POM
        session.setCurrentProject(project);
        Map<String, File> values = new LinkedHashMap<>();
        values.put("hip.libDir", new File("/opt/rocm/lib"));
        values.put("hip.includeDir", new File("/opt/rocm/include"));

        assertEquals(Map.of("hip.libDir", Place.SETTINGS_PROPERTY, "hip.includeDir", Place.PROJECT_PROPERTY),
                CommandLineProperties.places(session, values));
        assertEquals("the settings.xml property hip.libDir",
                new dev.hipdll.sdk.SdkOverrides(null, null, null, null, new File("/opt/rocm/lib").toPath(), null, null,
                        Map.of("hip.libDir", Place.SETTINGS_PROPERTY)).originOf("hip.libDir").toString());
    }
}
