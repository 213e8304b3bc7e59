package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.DefaultMavenExecutionResult;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Build;
import org.apache.maven.model.Model;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shard build ({@code hip.shard=device}) links no DLL, so {@code mvn verify -Dhip.shard=device} with hipdll:verify
 * (or hipdll:load-check) bound must not fail for want of one: after hipdll:build recorded its shard in the project's
 * context, both goals skip themselves and say why. Without that record (hipdll:build did not run as a shard) the
 * same goal on a missing DLL still fails.
 */
class DllGoalsAfterAShardBuildTest {
    @TempDir
    Path dir;

    private final List<String> infos = new ArrayList<>();

    private MavenProject project() {
        Model model = new Model();
        model.setGroupId("g");
        model.setArtifactId("backend");
        model.setVersion("1");
        Build build = new Build();
        build.setDirectory(dir.resolve("target").toString());
        model.setBuild(build);
        MavenProject p = new MavenProject(model);
        p.setFile(dir.resolve("pom.xml").toFile());
        return p;
    }

    @SuppressWarnings("deprecation")
    private MavenSession session(MavenProject p) {
        DefaultMavenExecutionRequest request = new DefaultMavenExecutionRequest();
        request.setProjectPresent(true);
        MavenSession s = new MavenSession(null, null, request, new DefaultMavenExecutionResult());
        s.setProjects(List.of(p));
        s.setCurrentProject(p);
        return s;
    }

    private <M extends AbstractContractMojo> M withLog(M m, MavenProject p) {
        m.session = session(p);
        m.setLog(new SystemStreamLog() {
            @Override
            public void info(CharSequence content) {
                infos.add(content.toString());
            }
        });
        return m;
    }

    private VerifyMojo verify(MavenProject p) {
        VerifyMojo m = withLog(new VerifyMojo(), p);
        m.project = p;
        m.dll = dir.resolve("target/hipdll/coli_hip.dll").toFile();
        return m;
    }

    @Test
    void verifySkipsItselfAfterAShardBuildAndNamesTheShard() throws Exception {
        MavenProject p = project();
        Path shard = dir.resolve("target/hipdll/shard/gfx1100");
        BuiltDllContext.recordShard(p, shard);
        verify(p).execute();
        assertEquals(1, infos.size(), infos.toString());
        assertTrue(infos.get(0).startsWith("hipdll:verify skipped: hipdll:build ran as a shard build (hip.shard=device)"
                + " and linked no DLL; the shard is " + shard), infos.get(0));
    }

    @Test
    void loadCheckSkipsItselfAfterAShardBuild() throws Exception {
        MavenProject p = project();
        BuiltDllContext.recordShard(p, dir.resolve("target/hipdll/shard/gfx1100"));
        LoadCheckMojo m = withLog(new LoadCheckMojo(), p);
        m.dll = dir.resolve("target/hipdll/coli_hip.dll").toFile();
        m.execute();
        assertTrue(infos.get(0).startsWith("hipdll:load-check skipped: hipdll:build ran as a shard build"), infos.toString());
    }

    @Test
    void withoutAShardBuildVerifyRunsAndFails() {
        MavenProject p = project();
        BuiltDllContext.record(p, dir.resolve("target/hipdll/coli_hip.dll"));  // a DLL build, not a shard
        VerifyMojo m = verify(p);
        assertTrue(m.selfSkip().isEmpty());
        // not injected by Maven here, so its parameters are unset: the goal runs and refuses them
        Exception e = assertThrows(MojoFailureException.class, m::execute);
        assertTrue(e.getMessage().startsWith("hipdll:verify: "), e.getMessage());
        assertTrue(infos.stream().noneMatch(l -> l.contains("skipped")), infos.toString());
    }
}
