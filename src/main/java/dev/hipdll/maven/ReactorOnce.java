package dev.hipdll.maven;

import java.util.ArrayList;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.project.MavenProject;

/**
 * The warning for a goal that needs no project ({@code requiresProject = false}: verify, load-check), run
 * from the command line in a multi-module build. Maven runs such a goal once per build, on the first
 * project of the reactor (its task segment is aggregating, as an aggregator's is), so
 * {@code mvn -pl backend-a,backend-b hipdll:verify} checks backend-a's DLL only and still says BUILD
 * SUCCESS; the other modules show as SKIPPED in the reactor summary (a newcomer's test).
 * Bound in each module's POM (the example's {@code verify-backend} execution), the goal runs per module.
 */
final class ReactorOnce {
    private ReactorOnce() {
    }

    /**
     * The warning, or {@code null} when there is none to give: not run from the command line
     * ({@code default-cli}), or a build of one project.
     *
     * @param goal      the goal's name, e.g. {@code verify}
     * @param execution the running execution, or {@code null} (a unit test)
     * @param session   the session, or {@code null}
     */
    static String warning(String goal, MojoExecution execution, MavenSession session) {
        if (execution == null || session == null || !"default-cli".equals(execution.getExecutionId())
                || session.getProjects() == null || session.getProjects().size() < 2) {
            return null;
        }
        MavenProject here = session.getCurrentProject();
        List<String> others = new ArrayList<>();
        for (MavenProject p : session.getProjects()) {
            if (p != here) {
                others.add(p.getArtifactId());
            }
        }
        String where = here == null ? "one project" : here.getArtifactId();
        return "hipdll:" + goal + " from the command line runs once in a multi-module build (Maven runs a goal that"
                + " needs no project once, here on " + where + "): " + others.size() + " other module(s) not checked: "
                + String.join(", ", others) + ". To check each module's DLL, bind hipdll:" + goal
                + " in its POM and run mvn verify, or run the goal in each module (-pl <module>, one at a time)";
    }
}
