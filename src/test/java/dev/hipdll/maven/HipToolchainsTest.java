package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.sdk.HipToolchain;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.DefaultMavenExecutionResult;
import org.apache.maven.execution.MavenExecutionRequest;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.toolchain.model.ToolchainModel;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.junit.jupiter.api.Test;

/** The mapping from Maven's parsed toolchains.xml models to the core's {@link HipToolchain} values. */
class HipToolchainsTest {

    private static ToolchainModel model(String type, String version, String sdkRoot) {
        ToolchainModel m = new ToolchainModel();
        m.setType(type);
        if (version != null) {
            m.addProvide("version", version);
        }
        Xpp3Dom conf = new Xpp3Dom("configuration");
        if (sdkRoot != null) {
            Xpp3Dom root = new Xpp3Dom("sdkRoot");
            root.setValue(sdkRoot);
            conf.addChild(root);
        }
        m.setConfiguration(conf);
        return m;
    }

    @Test
    @SuppressWarnings("deprecation")
    void readsHipToolchainsAndReportsIncompleteOnes() {
        MavenExecutionRequest request = new DefaultMavenExecutionRequest();
        request.setToolchains(Map.of(
                "hip", List.of(model("hip", "6.4", "/opt/hip-6.4"), model("hip", "7.1", " /opt/hip-7.1 "),
                        model("hip", "5.7", null)),
                "jdk", List.of(model("jdk", "17", "/ignored"))));
        MavenSession session = new MavenSession(null, null, request, new DefaultMavenExecutionResult());
        List<String> problems = new ArrayList<>();
        List<HipToolchain> read = HipToolchains.read(session, problems);
        assertEquals(List.of(new HipToolchain(Map.of("version", "6.4"), Path.of("/opt/hip-6.4")),
                new HipToolchain(Map.of("version", "7.1"), Path.of("/opt/hip-7.1"))), read);
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).contains("no <configuration><sdkRoot>"), problems.get(0));
    }

    @Test
    void noToolchainsIsEmpty() {
        assertEquals(List.of(), HipToolchains.read(null, new ArrayList<>()));
    }
}
