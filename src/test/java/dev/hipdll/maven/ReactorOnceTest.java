package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.DefaultMavenExecutionResult;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.descriptor.MojoDescriptor;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;

/** hipdll:verify from the command line in a multi-module build says it checks one module only. */
class ReactorOnceTest {
    private static MavenProject project(String id) {
        MavenProject p = new MavenProject();
        p.setArtifactId(id);
        return p;
    }

    @SuppressWarnings("deprecation")
    private static MavenSession session(List<MavenProject> projects) {
        MavenSession s = new MavenSession(null, null, new DefaultMavenExecutionRequest(), new DefaultMavenExecutionResult());
        s.setProjects(projects);
        s.setCurrentProject(projects.get(0));
        return s;
    }

    private static MojoExecution execution(String id) {
        MojoDescriptor d = new MojoDescriptor();
        d.setGoal("verify");
        return new MojoExecution(d, id);
    }

    @Test
    void fromTheCommandLineInAReactorItNamesTheModulesNotChecked() {
        MavenProject a = project("backend-a");
        String w = ReactorOnce.warning("verify", execution("default-cli"),
                session(List.of(a, project("backend-b"), project("backend-c"))));
        assertEquals("hipdll:verify from the command line runs once in a multi-module build (Maven runs a goal that"
                + " needs no project once, here on backend-a): 2 other module(s) not checked: backend-b, backend-c."
                + " To check each module's DLL, bind hipdll:verify in its POM and run mvn verify, or run the goal in"
                + " each module (-pl <module>, one at a time)", w);
    }

    @Test
    void boundInAPomOrInOneProjectThereIsNothingToSay() {
        assertNull(ReactorOnce.warning("verify", execution("verify-backend"),
                session(List.of(project("backend-a"), project("backend-b")))));
        assertNull(ReactorOnce.warning("verify", execution("default-cli"), session(List.of(project("backend-a")))));
        assertNull(ReactorOnce.warning("verify", null, null));
    }
}
