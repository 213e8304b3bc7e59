package dev.hipdll.incremental;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.io.IoProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Decides whether a build step can be reused: its kept output is taken as it is when the step's
 * {@link StepRecord} is this step's (its id and its own output path) and says it was made by the same
 * command (machine paths as placeholders), the same tools, the same output-deciding environment, and
 * from files with the same content as now ({@link FileFingerprint}: size and time as a fast path, then
 * the SHA-256), and the output file is still what the step wrote: its SHA-256, always read (no size and
 * time fast path for the output: a file replaced with its size and time kept, or a record edited to
 * match them, must not pass). Otherwise the step runs, and the reason names the first thing that
 * differs, in the user's terms: "new target", "header include/ops.h changed", "command changed
 * (-O2 instead of -O3)", "tool clang changed", "output gfx1100.co missing".
 *
 * <p>A record that names another step or another output, or whose output's content is not the one it
 * was written for, cannot be trusted ({@link RunReason#warning()}): that is how a step output poisoned in
 * a build cache shows (a replaced {@code host.obj} whose record named another file was
 * reused and linked into the DLL). {@code target/hipdll/steps/} restored from any cache gets the same
 * check, since it is made when the step is about to run.
 */
public final class StepReuse {
    private StepReuse() {
    }

    /**
     * Why the step must run, or empty when it can be reused.
     *
     * @param previous    the step's last record, if any, with its placeholders resolved
     * @param step        the step's id
     * @param output      the step's own output file
     * @param command     the command now (placeholders)
     * @param environment the environment digest now
     * @param headers     the header files of the project's include places now, for a compile
     *                    ({@link HeaderFiles}); empty for other steps
     * @param tools       the tools now, by name
     * @param names       how to name a file in a reason (relative to the project)
     * @param noRecord    the reason when there is no record (e.g. "new target")
     * @param digests     the build's file digests (the output's is read once per build)
     * @return the reason to run it, with a warning when the record cannot be trusted, or empty
     */
    public static Optional<RunReason> reasonToRun(Optional<StepRecord> previous, String step, Path output,
                                                  List<String> command, String environment, String headers,
                                                  Map<String, Path> tools, Function<Path, String> names,
                                                  String noRecord, FileDigests digests) {
        if (previous.isEmpty()) {
            return Optional.of(RunReason.of(noRecord));
        }
        StepRecord r = previous.get();
        Path own = output.toAbsolutePath().normalize();
        Path recordFile = StepRecordStore.recordFile(own);
        if (!r.step().equals(step)) {
            return Optional.of(RunReason.untrusted("its record is of another step", "the record " + recordFile
                    + " is of the step '" + r.step() + "', not of '" + step + "'; the step runs again"));
        }
        Path named = Path.of(r.output().path()).toAbsolutePath().normalize();
        if (!named.equals(own)) {
            return Optional.of(RunReason.untrusted("its record names another output", "the record " + recordFile
                    + " names the output " + named + ", not the step's own " + own + "; the step runs again"));
        }
        Optional<String> why = changed(r, command, environment, headers, tools, names);
        if (why.isPresent()) {
            return why.map(RunReason::of);
        }
        if (!Files.isRegularFile(own)) {
            return Optional.of(RunReason.of("its output " + own.getFileName() + " is missing"));
        }
        String now;
        try {
            now = digests.of(own);
        } catch (IOException e) {
            return Optional.of(RunReason.of("its output " + own.getFileName() + " cannot be read ("
                    + IoProblem.describe(e) + ")"));
        }
        if (!now.equals(r.output().sha256())) {
            return Optional.of(RunReason.untrusted("its output " + own.getFileName() + " is not what its record was"
                    + " written for", "the output " + own + " has SHA-256 " + now + ", but its record " + recordFile
                    + " was written for SHA-256 " + r.output().sha256() + ": the file was replaced after its step"
                    + " wrote it (by hand, or restored so from a build cache); the step runs again and replaces it"));
        }
        return Optional.empty();
    }

    /**
     * The first of a record's inputs that differs from this build's, without looking at its output: how a
     * merge build compares a shard's key for a step with its own, by the same rules as reuse.
     *
     * @param r           the record, with its placeholders resolved for this build's directories
     * @param command     the command now (placeholders)
     * @param environment the environment digest now
     * @param headers     the project's header files now ({@link HeaderFiles}), for a compile
     * @param tools       the tools now, by name
     * @param names       how to name a file in the reason
     * @return what differs, e.g. "command changed (-O2 added; -O3 removed)", "source x.cu changed", or empty
     */
    public static Optional<String> inputsDiffer(StepRecord r, List<String> command, String environment,
                                                String headers, Map<String, Path> tools, Function<Path, String> names) {
        return changed(r, command, environment, headers, tools, names);
    }

    /** The first of the record's command, environment, headers, tools and files read that differs now. */
    private static Optional<String> changed(StepRecord r, List<String> command, String environment, String headers,
                                            Map<String, Path> tools, Function<Path, String> names) {
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
        // what was added and what removed (as multisets of arguments), never "X instead of Y" by position, which
        // named a shifted argument when one was inserted elsewhere
        Map<String, Integer> count = new java.util.HashMap<>();
        before.forEach(a -> count.merge(a, 1, Integer::sum));
        List<String> added = new ArrayList<>();
        for (String a : now) {
            if (count.merge(a, -1, Integer::sum) < 0) {
                added.add(a);
            }
        }
        Map<String, Integer> left = new java.util.HashMap<>();
        now.forEach(a -> left.merge(a, 1, Integer::sum));
        List<String> removed = new ArrayList<>();
        for (String a : before) {
            if (left.merge(a, -1, Integer::sum) < 0) {
                removed.add(a);
            }
        }
        if (added.isEmpty() && removed.isEmpty()) {
            return "the same arguments in another order";
        }
        return listed(added, "added") + (added.isEmpty() || removed.isEmpty() ? "" : "; ") + listed(removed, "removed");
    }

    /** {@code "-O3, -DX=1 added"}: at most three arguments, each clipped, then "(+N more)"; empty for none. */
    private static String listed(List<String> args, String what) {
        if (args.isEmpty()) {
            return "";
        }
        List<String> shown = args.stream().limit(3).map(StepReuse::clip).toList();
        return String.join(", ", shown) + (args.size() > 3 ? " (+" + (args.size() - 3) + " more)" : "") + " " + what;
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
