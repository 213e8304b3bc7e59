package dev.hipdll.maven;

import dev.hipdll.graph.JobBudget;
import java.util.function.Consumer;
import org.apache.maven.execution.MavenSession;
import org.eclipse.aether.SessionData;

/**
 * The one {@link JobBudget} of a Maven session: kept in the session's data
 * ({@link org.eclipse.aether.RepositorySystemSession#getData()}, which every module of a {@code mvn -T} build shares
 * and which ends with the session), so every {@code hipdll:build} of the session takes its permits from it; not
 * static state, so two sessions in one JVM (mvnd, an embedder) have two budgets. The first build of the session
 * sets its size ({@code hip.jobs.total}); a later build that asks for another size is told which holds.
 */
final class SessionJobBudget {
    /** The key in the session's data. */
    static final String KEY = "dev.hipdll.graph.JobBudget";

    private SessionJobBudget() {
    }

    /**
     * The session's budget, made with {@code permits} when this is the session's first build.
     *
     * @param session the Maven session, or {@code null} (a budget of this build only)
     * @param permits the steps that may run at once in the session
     * @param warn    receives a line when the session's budget has another size, or cannot be shared
     * @return the budget
     */
    static JobBudget of(MavenSession session, int permits, Consumer<String> warn) {
        if (session == null || session.getRepositorySession() == null) {
            return new JobBudget(permits);
        }
        SessionData data = session.getRepositorySession().getData();
        if (data.get(KEY) == null) {
            data.set(KEY, null, new JobBudget(permits)); // compare-and-set: the first build of the session wins
        }
        Object shared = data.get(KEY);
        if (shared instanceof JobBudget b) {
            if (b.permits() != permits) {
                warn.accept("hip.jobs.total is " + permits + " here, but the session's budget was set to "
                        + b.permits() + " by its first hipdll:build; " + b.permits() + " holds for the whole session");
            }
            return b;
        }
        warn.accept("the session's job budget comes from another version of hipdll-maven-plugin; this module's"
                + " steps count against a budget of their own (" + permits + ")");
        return new JobBudget(permits);
    }
}
