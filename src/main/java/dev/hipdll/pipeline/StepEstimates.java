package dev.hipdll.pipeline;

import dev.hipdll.compile.BuildStep;
import dev.hipdll.compile.StepKind;
import dev.hipdll.incremental.StepDurations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The expected duration of each step of a build, in milliseconds, for critical-path scheduling: the step's own
 * duration when it last ran here ({@link StepDurations}); for a step that never ran, the mean of the recorded steps
 * of its kind in this build; with none of its kind recorded, a default for the kind ({@link #defaultMillis})
 * scaled by the size of what it reads (a larger translation unit compiles longer): {@code default × (0.5 + input
 * bytes / 32 KiB)}, at most 20 times the default.
 */
final class StepEstimates {
    private final StepDurations history;
    private final Map<StepKind, Long> meanOfKind = new EnumMap<>(StepKind.class);

    StepEstimates(StepDurations history, List<BuildStep> steps) {
        this.history = history;
        Map<StepKind, long[]> sums = new EnumMap<>(StepKind.class);
        for (BuildStep s : steps) {
            long ms = history.millis(s.id());
            if (ms >= 0) {
                long[] sum = sums.computeIfAbsent(s.kind(), k -> new long[2]);
                sum[0] += ms;
                sum[1]++;
            }
        }
        sums.forEach((k, sum) -> meanOfKind.put(k, sum[0] / sum[1]));
    }

    /** The default duration of a step of {@code kind} with no history, before scaling. */
    static long defaultMillis(StepKind kind) {
        return switch (kind) {
            case DEVICE_COMPILE -> 1500;
            case HOST_COMPILE -> 800;
            case BUNDLE -> 50;
            case LINK -> 400;
        };
    }

    /** The expected duration of {@code step} in milliseconds. */
    long millis(BuildStep step) {
        long recorded = history.millis(step.id());
        if (recorded >= 0) {
            return recorded;
        }
        Long mean = meanOfKind.get(step.kind());
        if (mean != null) {
            return mean;
        }
        long bytes = 0;
        for (Path p : step.inputs()) {
            try {
                bytes += Files.isRegularFile(p) ? Files.size(p) : 0;
            } catch (IOException e) {
                // unreadable: counts as empty
            }
        }
        double scale = Math.min(20.0, 0.5 + bytes / 32768.0);
        return Math.round(defaultMillis(step.kind()) * scale);
    }
}
