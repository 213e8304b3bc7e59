package dev.hipdll.parameter;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A duration parameter's text ({@code hip.timeout}, {@code hip.loadCheck.timeout}): whole seconds
 * ({@code 3600}), or a whole number with a unit: {@code s} (seconds), {@code m} (minutes), {@code h}
 * (hours), e.g. {@code 90s}, {@code 10m}, {@code 1h}; units may be combined largest first
 * ({@code 1h30m}, {@code 2m30s}); case and surrounding blanks are ignored. ISO-8601 as
 * {@link Duration#parse} reads it ({@code PT10M}) is accepted too. Negative values are not: a
 * range check names the property.
 */
public final class DurationValue {
    private static final Pattern UNITS = Pattern.compile("(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?");
    private static final long MAX_SECONDS = 100L * 365 * 24 * 3600;

    private DurationValue() {
    }

    /**
     * @param text the value as given
     * @return the duration
     * @throws IllegalArgumentException "'10x' is not a duration ..." naming the accepted forms
     */
    public static Duration parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        try {
            if (t.matches("\\d{1,12}")) {
                return Duration.ofSeconds(Long.parseLong(t));
            }
            if (t.startsWith("pt") || t.startsWith("p")) {
                Duration d = Duration.parse(t.toUpperCase(Locale.ROOT));
                if (!d.isNegative()) {
                    return d;
                }
            }
            Matcher m = UNITS.matcher(t);
            if (!t.isEmpty() && m.matches()) {
                long s = part(m.group(1), 3600) + part(m.group(2), 60) + part(m.group(3), 1);
                if (s <= MAX_SECONDS) {
                    return Duration.ofSeconds(s);
                }
            }
        } catch (RuntimeException e) {
            // falls through to the message below
        }
        throw new IllegalArgumentException("'" + text + "' is not a duration: expected whole seconds (3600) or a number"
                + " with a unit, s, m or h (90s, 10m, 1h, 1h30m)");
    }

    private static long part(String digits, long unit) {
        if (digits == null) {
            return 0;
        }
        if (digits.length() > 12) {
            throw new IllegalArgumentException("too large");
        }
        return Long.parseLong(digits) * unit;
    }

    /** {@code d} as this class's shortest form: {@code 1h}, {@code 10m}, {@code 90s} → {@code 1m30s}. */
    public static String format(Duration d) {
        long s = d.getSeconds();
        StringBuilder sb = new StringBuilder();
        if (s >= 3600) {
            sb.append(s / 3600).append('h');
            s %= 3600;
        }
        if (s >= 60) {
            sb.append(s / 60).append('m');
            s %= 60;
        }
        if (s > 0 || sb.isEmpty()) {
            sb.append(s).append('s');
        }
        return sb.toString();
    }
}
