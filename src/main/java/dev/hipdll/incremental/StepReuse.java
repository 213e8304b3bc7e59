package dev.hipdll.incremental;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Decides whether a build step can be reused: its kept output is taken as it is when the step's
 * {@link StepRecord} says it was made by the same command (machine paths as placeholders), the
 * same tools, the same output-deciding environment, and from files with the same content as now
 * ({@link FileFingerprint}: size and time as a fast path, then the SHA-256), and the output itself
 * is still what the step wrote. Otherwise the step runs, and the reason names the first thing that
 * differs, in the user's terms: "new target", "header include/ops.h changed", "command changed
 * (-O2 instead of -O3)", "tool clang changed", "output gfx1100.co missing".
 */
public final class StepReuse {
    private StepReuse() {
    }

    /**
     * Why the step must run, or empty when it can be reused.
     *
     * @param previous    the step's last record, if any
     * @param command     the command now (placeholders)
     * @param environment the environment digest now
     * @param headers     the header files of the project's include places now, for a compile
     *                    ({@link HeaderFiles}); empty for other steps
     * @param tools       the tools now, by name
     * @param names       how to name a file in a reason (relative to the project)
     * @param noRecord    the reason when there is no record (e.g. "new target")
     * @return the reason to run it, or empty
     */
    public static Optional<String> reasonToRun(Optional<StepRecord> previous, List<String> command, String environment,
                                               String headers, Map<String, Path> tools,
                                               java.util.function.Function<Path, String> names, String noRecord) {
        if (previous.isEmpty()) {
            return Optional.of(noRecord);
        }
        StepRecord r = previous.get();
        if (!r.command().equals(command)) {
            return Optional.of("command changed (" + firstDifference(r.command(), command) + ")");
        }
        if (!Objects.equals(r.environment(), environment)) {
            return Optional.of("the compiler's environment changed");
        }
        if (!Objects.equals(r.headers(), headers)) {
            return Optional.of(r.headers().isEmpty() ? "no list of the project's header files in its record"
                    : "a header file was added or removed in the project's include places (" + count(r.headers())
                    + " -> " + count(headers) + " header files); a new one may shadow one it read");
        }
        if (!r.tools().keySet().equals(tools.keySet())) {
            return Optional.of("other tools (" + tools.keySet() + " instead of " + r.tools().keySet() + ")");
        }
        for (Map.Entry<String, Path> t : tools.entrySet()) {
            FileFingerprint f = r.tools().get(t.getKey());
            if (!Path.of(f.path()).equals(t.getValue().toAbsolutePath().normalize())) {
                return Optional.of("tool " + t.getKey() + " is another file");
            }
            FileFingerprint.State s = f.check();
            if (s == FileFingerprint.State.CHANGED || s == FileFingerprint.State.MISSING) {
                return Optional.of("tool " + t.getKey() + " changed");
            }
        }
        List<String> changed = new ArrayList<>();
        for (FileFingerprint f : r.reads()) {
            FileFingerprint.State s = f.check();
            if (s == FileFingerprint.State.CHANGED) {
                changed.add(names.apply(Path.of(f.path())) + " changed");
            } else if (s == FileFingerprint.State.MISSING) {
                changed.add(names.apply(Path.of(f.path())) + " is gone");
            }
        }
        if (!changed.isEmpty()) {
            return Optional.of(changed.get(0) + (changed.size() > 1 ? " (and " + (changed.size() - 1) + " more)" : ""));
        }
        FileFingerprint.State out = r.output().check();
        if (out == FileFingerprint.State.MISSING) {
            return Optional.of("its output " + Path.of(r.output().path()).getFileName() + " is missing");
        }
        if (out == FileFingerprint.State.CHANGED) {
            return Optional.of("its output " + Path.of(r.output().path()).getFileName() + " was changed since");
        }
        return Optional.empty();
    }

    /**
     * The first argument that differs, as "X instead of Y", or what was added or removed; when the
     * gfx targets differ ({@code --offload-arch=} and bundle {@code -targets=} lists), which targets
     * were added and removed.
     */
    static String firstDifference(List<String> before, List<String> now) {
        java.util.Set<String> was = targets(before);
        java.util.Set<String> is = targets(now);
        if (!was.equals(is)) {
            List<String> added = is.stream().filter(t -> !was.contains(t)).toList();
            List<String> removed = was.stream().filter(t -> !is.contains(t)).toList();
            return "targets " + (added.isEmpty() ? "" : String.join(", ", added) + " added")
                    + (added.isEmpty() || removed.isEmpty() ? "" : ", ")
                    + (removed.isEmpty() ? "" : String.join(", ", removed) + " removed");
        }
        int n = Math.min(before.size(), now.size());
        for (int i = 0; i < n; i++) {
            if (!before.get(i).equals(now.get(i))) {
                // one argument inserted or deleted here: name it, not the shifted one after it
                if (now.size() > before.size() && now.subList(i + 1, now.size()).equals(before.subList(i, before.size()))) {
                    return clip(now.get(i)) + " added";
                }
                if (before.size() > now.size() && before.subList(i + 1, before.size()).equals(now.subList(i, now.size()))) {
                    return clip(before.get(i)) + " removed";
                }
                return clip(now.get(i)) + " instead of " + clip(before.get(i));
            }
        }
        return now.size() > before.size() ? clip(now.get(n)) + " added" : clip(before.get(n)) + " removed";
    }

    /** The gfx target IDs a command names. */
    private static java.util.Set<String> targets(List<String> command) {
        java.util.Set<String> t = new java.util.LinkedHashSet<>();
        for (String a : command) {
            if (a.startsWith("--offload-arch=")) {
                t.add(a.substring("--offload-arch=".length()));
            } else if (a.startsWith("-targets=")) {
                for (String id : a.substring("-targets=".length()).split(",")) {
                    int i = id.indexOf("--");
                    if (id.startsWith("hip") && i >= 0) {
                        t.add(id.substring(i + 2));
                    }
                }
            }
        }
        return t;
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }

    /** The count of a record's {@code headers} ({@code "<count> <sha256>"}). */
    private static String count(String headers) {
        int space = headers.indexOf(' ');
        return space < 0 ? headers : headers.substring(0, space);
    }
}
