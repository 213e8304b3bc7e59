package dev.hipdll.parameter;

import java.util.ArrayList;
import java.util.List;

/**
 * Range checks of a goal's numeric parameters, made before the goal changes anything (deletes a
 * stamp, creates a directory, starts a process): every bad value is collected and {@link #check()}
 * fails once, naming each property, its value and the range it must be in, e.g.
 * {@code hip.timeout: 0 is outside 1..2147483647 (seconds)}. Without it a {@code hip.timeout=0}
 * reached commons-exec's watchdog, which threw an uncaught {@code IllegalArgumentException} after
 * the build stamps had been deleted.
 *
 * <p>Not thread-safe; one instance per goal execution.
 */
public final class NumericParameters {
    private final List<String> problems = new ArrayList<>();

    /**
     * Requires {@code min <= value <= max}.
     *
     * @param property the property, e.g. {@code hip.timeout}
     * @param value    the value Maven injected
     * @param min      smallest allowed value
     * @param max      largest allowed value
     * @param unit     what the number counts, e.g. {@code seconds}, or {@code null}
     * @return this
     */
    public NumericParameters range(String property, long value, long min, long max, String unit) {
        if (value < min || value > max) {
            problems.add(property + ": " + value + " is outside " + min + ".." + max
                    + (unit == null ? "" : " (" + unit + ")"));
        }
        return this;
    }

    /** As {@link #range}, for an optional parameter: {@code null} is accepted. */
    public NumericParameters optionalRange(String property, Integer value, long min, long max, String unit) {
        return value == null ? this : range(property, value, min, max, unit);
    }

    /** As {@link #range} with {@code max = Integer.MAX_VALUE}. */
    public NumericParameters atLeast(String property, long value, long min, String unit) {
        return range(property, value, min, Integer.MAX_VALUE, unit);
    }

    /** The problems found so far, in the order checked. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    /**
     * @throws ParameterException naming every parameter out of range, one per line after the first
     */
    public void check() throws ParameterException {
        if (!problems.isEmpty()) {
            throw new ParameterException(String.join("; ", problems));
        }
    }
}
