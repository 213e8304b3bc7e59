package dev.hipdll.diagnosis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A failed run whose cause is the machine, not the sources: a full disk, or a process killed by a
 * signal (lld-link died of SIGBUS on a full disk and the diagnosis said "stage:
 * compile ... fix the error at the file and line"). The disk counts as full when
 * <ul>
 *   <li>a line says so ({@code No space left on device}, ENOSPC, strerror(3); {@code Disk quota exceeded},
 *       EDQUOT; {@code There is not enough space on the disk}, Windows {@code ERROR_DISK_FULL} 112;
 *       {@code LNK1180: insufficient disk space to complete link}), or</li>
 *   <li>a process died of a signal ({@link SignalDeath}) and a directory the build writes to has less than
 *       {@link DiskSpace#FULL_BELOW_BYTES} usable ({@link DiskSpace}, measured before the partial files
 *       were deleted).</li>
 * </ul>
 * Otherwise a death by signal is reported as such.
 *
 * @param diskFull whether the disk is full (else: killed by a signal)
 * @param stage    the stage that died: the run's step's ({@link FailedRun#step()}, {@link Stage#within}) when
 *                 known, else the one its lines suggest
 * @param variables the rule's template variables: {@code where}, {@code free}, {@code total}, {@code who},
 *                  {@code how}, {@code signal}
 * @param details  each probed directory with its free space, one line each
 */
public record ResourceFailure(boolean diskFull, Stage stage, Map<String, String> variables, List<String> details) {
    private static final Pattern NO_SPACE = Pattern.compile(
            "(?i)no space left on device|disk quota exceeded|not enough space on the disk|LNK1180|ENOSPC");
    private static final Pattern LINKER_LINE = Pattern.compile("(?i)lld-link|link\\.exe|LNK\\d{4}|linker");

    /** Copies the collections. */
    public ResourceFailure {
        variables = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(variables));
        details = List.copyOf(details);
    }

    /** The resource failure of {@code run}, if it is one. */
    public static Optional<ResourceFailure> of(FailedRun run) {
        if (run.timedOut() || run.launchError() != null) {
            return Optional.empty();
        }
        Optional<SignalDeath> signal = SignalDeath.of(run, run.windows());
        String noSpaceLine = run.output().stream().filter(l -> NO_SPACE.matcher(l).find()).findFirst().orElse(null);
        Optional<DiskSpace.Place> full = run.disk().full();
        boolean diskFull = noSpaceLine != null || (signal.isPresent() && full.isPresent());
        if (!diskFull && signal.isEmpty()) {
            return Optional.empty();
        }
        DiskSpace.Place place = full.orElse(run.disk().places().isEmpty() ? null : run.disk().places().get(0));
        Map<String, String> v = new LinkedHashMap<>();
        v.put("where", place == null ? "the disk the build writes to" : String.valueOf(place.dir()));
        v.put("free", place == null ? "unknown" : DiskSpace.size(place.usable()));
        v.put("total", place == null ? "unknown" : DiskSpace.size(place.total()));
        String who;
        String how;
        Stage stage;
        if (signal.isPresent()) {
            who = signal.get().who();
            how = "died of " + signal.get().describe();
            stage = signal.get().stage();
        } else {
            boolean linker = LINKER_LINE.matcher(noSpaceLine).find();
            who = linker ? "the linker" : run.step() == null || run.step() == Stage.COMPILE ? "the compiler"
                    : SignalDeath.ranBy(run);
            how = "said: " + noSpaceLine.strip();
            stage = Stage.within(run.step(), linker ? Stage.HOST_LINK : Stage.COMPILE);
        }
        v.put("who", who);
        v.put("how", how);
        v.put("signal", signal.map(SignalDeath::describe).orElse("none"));
        List<String> details = new ArrayList<>();
        for (DiskSpace.Place p : run.disk().places()) {
            details.add("free space: " + p.dir() + ": " + DiskSpace.size(p.usable()) + " of " + DiskSpace.size(p.total())
                    + (p.full() ? " (full)" : ""));
        }
        return Optional.of(new ResourceFailure(diskFull, stage, v, details));
    }
}
