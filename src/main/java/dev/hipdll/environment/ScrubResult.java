package dev.hipdll.environment;

import dev.hipdll.host.Environment;
import java.util.List;

/**
 * The environment a compiler runs in, and every change made to get there from the inherited one.
 *
 * @param environment the environment to pass to the child process
 * @param changes     the changes, in the order they were made
 */
public record ScrubResult(Environment environment, List<EnvironmentChange> changes) {
    /** Creates a result; {@code changes} is copied. */
    public ScrubResult {
        changes = List.copyOf(changes);
    }

    /** The names of the removed variables, in order. */
    public List<String> removedNames() {
        return changes.stream().filter(c -> c.kind() == EnvironmentChange.Kind.REMOVED).map(EnvironmentChange::name)
                .toList();
    }

    /**
     * The names of the variables the scrub would remove but kept: the compiler launcher's with
     * {@code hip.compilerLauncher}, and those {@code keepVariables} exempts. Each is in every step's key and in
     * the stamp ({@code dev.hipdll.incremental.CompilerEnvironment}), so a change rebuilds.
     */
    public List<String> keptNames() {
        return changes.stream().filter(c -> c.kind() == EnvironmentChange.Kind.KEPT).map(EnvironmentChange::name)
                .toList();
    }

    /** The names of the variables set (after the scrub), in order. */
    public List<String> setNames() {
        return changes.stream().filter(c -> c.kind() == EnvironmentChange.Kind.SET).map(EnvironmentChange::name)
                .toList();
    }

    /** One line for the build log: {@code removed [A, B]; set [C]}, or {@code removed nothing; set []}. */
    public String summary() {
        List<String> removed = removedNames();
        return "removed " + (removed.isEmpty() ? "nothing" : removed) + "; set " + setNames();
    }
}
