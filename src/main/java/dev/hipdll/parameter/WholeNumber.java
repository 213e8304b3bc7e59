package dev.hipdll.parameter;

import java.math.BigInteger;
import java.util.regex.Pattern;

/**
 * A whole-number parameter's text: decimal digits with an optional sign, surrounding blanks ignored
 * (as for booleans and durations: {@code -Dhip.jobs= 2} is 2). A number outside the Java type's range
 * is said to be out of range, not "not a whole number": Maven's converter called
 * {@code -Dhip.runtimeMajor=99999999999} "not a whole number" (a newcomer's test, D).
 */
public final class WholeNumber {
    private static final Pattern DIGITS = Pattern.compile("[+-]?[0-9]+");

    private WholeNumber() {
    }

    /**
     * @param text the value as given
     * @param min  the smallest value of the parameter's type, e.g. {@link Integer#MIN_VALUE}
     * @param max  the largest, e.g. {@link Integer#MAX_VALUE}
     * @return the number, {@code min <= n <= max}
     * @throws IllegalArgumentException {@code "'two' is not a whole number"} (also for {@code null} or blank),
     *                                  {@code "'99999999999' is out of range (at most 2147483647)"}, or
     *                                  {@code "... (at least -2147483648)"}
     */
    public static long parse(String text, long min, long max) {
        String t = text == null ? "" : text.strip();
        if (!DIGITS.matcher(t).matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number");
        }
        BigInteger n = new BigInteger(t);
        if (n.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new IllegalArgumentException("'" + text + "' is out of range (at most " + max + ")");
        }
        if (n.compareTo(BigInteger.valueOf(min)) < 0) {
            throw new IllegalArgumentException("'" + text + "' is out of range (at least " + min + ")");
        }
        return n.longValueExact();
    }
}
