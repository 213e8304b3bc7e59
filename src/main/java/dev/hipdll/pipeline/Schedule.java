package dev.hipdll.pipeline;

import java.util.Locale;

/**
 * In which order the ready steps of the build graph start ({@code hip.schedule}).
 */
public enum Schedule {
    /**
     * The step with the longest remaining path first ({@code dev.hipdll.graph.CriticalPath}), from the durations the
     * steps took when they last ran ({@link dev.hipdll.incremental.StepDurations}) and estimates for the others
     * ({@link StepEstimates}): the default.
     */
    CRITICAL_PATH,
    /** The order of the sources and targets (the plugin's order before the critical-path schedule), kept for comparison. */
    SOURCE_ORDER;

    /** The parameter's spelling: {@code critical-path}, {@code source-order}. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * Parses the parameter.
     *
     * @param text {@code critical-path} or {@code source-order} (case and surrounding blanks ignored)
     * @return the schedule
     * @throws IllegalArgumentException naming {@code hip.schedule} and the two values
     */
    public static Schedule parse(String text) {
        String s = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        for (Schedule v : values()) {
            if (v.toString().equals(s)) {
                return v;
            }
        }
        throw new IllegalArgumentException("hip.schedule: expected critical-path or source-order, got '" + text + "'");
    }
}
