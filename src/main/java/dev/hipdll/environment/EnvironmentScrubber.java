package dev.hipdll.environment;

import dev.hipdll.host.EnvironmentException;
import dev.hipdll.host.Environment;
import dev.hipdll.environment.EnvironmentChange.Kind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns the inherited environment into the one hipcc runs in, in this order:
 * <ol>
 *   <li>{@code SystemRoot}, {@code TMP} and {@code TEMP} are checked (no padding) and always kept;</li>
 *   <li>every variable through which a program of someone else's choosing runs inside a step
 *       ({@link CodeRunningVariables}: {@code CCACHE_PREFIX}, {@code CCACHE_CONFIGPATH}, {@code BASH_ENV},
 *       {@code PERL5OPT}, {@code LD_PRELOAD}, ...) is removed, whatever the compiler launcher, unless
 *       {@code keepVariables} names it exactly (a pattern does not keep it);</li>
 *   <li>every variable matching the policy's scrub patterns is removed, unless a
 *       {@code keepVariables} pattern matches it; the compiler launcher's variables
 *       ({@link ScrubPolicy#LAUNCHER_VARIABLES}) are kept when a launcher is configured, else removed;</li>
 *   <li>{@code PATH} entries of other ROCm/HIP/CUDA installs ({@link PathEntryClassifier}) and
 *       entries under an addition's replaced roots (other MSVC toolsets) are dropped; the additions'
 *       entries are put in front;</li>
 *   <li>the additions' variables are set (the MSVC pin), then the build's own variables
 *       ({@code dev.hipdll.sdk.HipVariables}: {@code HIP_PATH}, {@code HIP_PLATFORM=amd}, {@code HIP_CLANG_PATH},
 *       {@code HIP_DEVICE_LIB_PATH}), then the user's {@code environmentVariables}.</li>
 * </ol>
 * Names follow the environment's OS rules: on Windows {@code Path} and {@code PATH} are one
 * variable, and a set variable keeps its inherited name.
 */
public final class EnvironmentScrubber {
    private final ScrubPolicy policy;

    /** @param policy what to remove, keep and set */
    public EnvironmentScrubber(ScrubPolicy policy) {
        this.policy = policy;
    }

    /**
     * Scrubs {@code inherited}.
     *
     * @param inherited    the host's environment
     * @param sdkRoot      the resolved SDK root (its own PATH entries are kept)
     * @param buildVariables the variables the build needs, in order (see {@code dev.hipdll.sdk.HipVariables})
     * @param additions    further contributions (the MSVC pin on Windows), in order
     * @return the environment for the child and every change
     * @throws EnvironmentException when {@code SystemRoot}, {@code TMP} or {@code TEMP} is padded
     *                              with whitespace
     */
    public ScrubResult scrub(Environment inherited, Path sdkRoot, Map<String, String> buildVariables,
                             List<EnvironmentAdditions> additions) throws EnvironmentException {
        boolean ignoreCase = inherited.os() == dev.hipdll.host.OsFamily.WINDOWS;
        List<EnvironmentChange> changes = new ArrayList<>();
        for (String kept : ScrubPolicy.ALWAYS_KEPT) {
            inherited.read(kept);
        }
        for (String collapsed : inherited.collapsed()) {
            changes.add(new EnvironmentChange(Kind.REMOVED, collapsed, null, null,
                    "same variable as " + inherited.storedName(collapsed).orElse(collapsed)
                            + " on Windows; the first in name order is kept"));
        }
        Environment env = inherited;
        for (String name : inherited.names()) {
            Optional<CodeRunningVariables.Entry> code = CodeRunningVariables.load().match(name, ignoreCase);
            if (code.isPresent() && !isAlwaysKept(name)) {
                env = codeRunning(env, name, code.get(), ignoreCase, changes);
                continue;
            }
            if (ScrubPolicy.isLauncherVariable(name, ignoreCase) && !isAlwaysKept(name)) {
                String value = inherited.get(name).orElse("");
                if (policy.launcher() != null) {
                    changes.add(new EnvironmentChange(Kind.KEPT, name, value, value, "for the compiler launcher "
                            + policy.launcher() + " (hip.compilerLauncher)"));
                } else if (first(policy.keep(), name, ignoreCase).isPresent()) {
                    changes.add(new EnvironmentChange(Kind.KEPT, name, value, value, "keepVariables "
                            + first(policy.keep(), name, ignoreCase).get()));
                } else {
                    env = env.without(name);
                    changes.add(new EnvironmentChange(Kind.REMOVED, name, value, null,
                            "read by a compiler launcher (ccache, sccache); hip.compilerLauncher is not set"));
                }
                continue;
            }
            Optional<VariablePattern> scrub = first(policy.scrub(), name, ignoreCase);
            if (scrub.isEmpty() || isAlwaysKept(name)) {
                continue;
            }
            String value = inherited.get(name).orElse("");
            Optional<VariablePattern> keep = first(policy.keep(), name, ignoreCase);
            if (keep.isPresent()) {
                changes.add(new EnvironmentChange(Kind.KEPT, name, value, value, "keepVariables " + keep.get()));
                continue;
            }
            env = env.without(name);
            String reason = CompilerVariables.load().entry(scrub.get().text()).map(CompilerVariables.Entry::reason)
                    .orElse("stray ROCm/HIP/CUDA variable");
            String why = scrub.get().text().equals(name) ? reason : reason + ", pattern " + scrub.get();
            if (policy.scrub().indexOf(scrub.get()) >= ScrubPolicy.DEFAULT_SCRUB.size()) {
                why = "scrubVariables " + scrub.get();
            }
            changes.add(new EnvironmentChange(Kind.REMOVED, name, value, null, why));
        }
        env = cleanPath(env, sdkRoot, additions, changes);
        for (EnvironmentAdditions a : additions) {
            env = setAll(env, a.variables(), a.source(), changes);
        }
        env = setAll(env, buildVariables, "the resolved HIP SDK", changes);
        env = setAll(env, policy.set(), "environmentVariables", changes);
        return new ScrubResult(env, changes);
    }

    /**
     * Removes a {@link CodeRunningVariables code-running variable}, or keeps it when {@code keepVariables}
     * names it exactly; either way the log line names its class and what it runs.
     */
    private Environment codeRunning(Environment env, String name, CodeRunningVariables.Entry entry, boolean ignoreCase,
                                    List<EnvironmentChange> changes) {
        String value = env.get(name).orElse("");
        String why = entry.reason() + (entry.name().equals(name) ? "" : ", pattern " + entry.name());
        Optional<VariablePattern> exact = policy.keep().stream()
                .filter(p -> !p.text().contains("*") && p.matches(name, ignoreCase)).findFirst();
        if (exact.isPresent()) {
            changes.add(new EnvironmentChange(Kind.KEPT, name, value, value, "keepVariables " + exact.get()
                    + " names it, although it " + why + "; in every step's key"));
            return env;
        }
        Optional<VariablePattern> pattern = first(policy.keep(), name, ignoreCase);
        changes.add(new EnvironmentChange(Kind.REMOVED, name, value, null, why + pattern.map(p -> "; keepVariables "
                + p + " is a pattern, which does not keep a variable that runs code: name it exactly").orElse("")));
        return env.without(name);
    }

    private static boolean isAlwaysKept(String name) {
        return ScrubPolicy.ALWAYS_KEPT.stream().anyMatch(k -> k.equalsIgnoreCase(name));
    }

    private static Optional<VariablePattern> first(List<VariablePattern> patterns, String name, boolean ignoreCase) {
        return patterns.stream().filter(p -> p.matches(name, ignoreCase)).findFirst();
    }

    private static Environment cleanPath(Environment env, Path sdkRoot, List<EnvironmentAdditions> additions,
                                         List<EnvironmentChange> changes) {
        PathEntryClassifier classifier = new PathEntryClassifier(env.os(), sdkRoot);
        String name = env.storedName("PATH").orElse("PATH");
        List<String> entries = env.splitPathList(env.get("PATH").orElse(""));
        List<String> prepend = new ArrayList<>();
        for (EnvironmentAdditions a : additions) {
            for (String p : a.pathPrepend()) {
                prepend.add(p);
                changes.add(new EnvironmentChange(Kind.PATH_ENTRY_ADDED, name, null, p, a.source()));
            }
        }
        List<String> kept = new ArrayList<>(prepend);
        for (String e : entries) {
            Optional<String> foreign = classifier.foreignInstall(e);
            Optional<String> replaced = additions.stream()
                    .flatMap(a -> a.replacedRoots().stream().filter(r -> classifier.inside(e, r))
                            .map(r -> "replaced by " + a.source()))
                    .findFirst();
            if (foreign.isPresent() || replaced.isPresent()) {
                changes.add(new EnvironmentChange(Kind.PATH_ENTRY_REMOVED, name, e, null,
                        foreign.orElseGet(replaced::get)));
                continue;
            }
            if (kept.stream().anyMatch(k -> env.os() == dev.hipdll.host.OsFamily.WINDOWS ? k.equalsIgnoreCase(e)
                    : k.equals(e))) {
                continue;
            }
            classifier.driverIn(e).filter(d -> !classifier.inside(e, sdkRoot)).ifPresent(d -> changes.add(
                    new EnvironmentChange(Kind.NOTICE, name, e, e, "entry " + e + " holds " + d
                            + " but is not a toolkit install directory; kept (HIP_PLATFORM=amd keeps hipcc on AMD)")));
            kept.add(e);
        }
        if (entries.isEmpty() && prepend.isEmpty()) {
            return env;
        }
        return env.with(name, env.joinPathList(kept));
    }

    private static Environment setAll(Environment env, Map<String, String> variables, String source,
                                      List<EnvironmentChange> changes) {
        Environment result = env;
        for (Map.Entry<String, String> v : new LinkedHashMap<>(variables).entrySet()) {
            String before = result.get(v.getKey()).orElse(null);
            result = result.with(v.getKey(), v.getValue());
            changes.add(new EnvironmentChange(Kind.SET, result.storedName(v.getKey()).orElse(v.getKey()), before,
                    v.getValue(), source));
        }
        return result;
    }
}
