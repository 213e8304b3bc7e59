package dev.hipdll.parameter;

import java.util.Locale;

/**
 * A boolean parameter's text: {@code true} or {@code false} (any case, surrounding blanks ignored),
 * nothing else. Maven's own converter ({@code Boolean.valueOf}) turns every other word into
 * {@code false}, so {@code -Dhip.staticRuntime=flase} silently built with the dynamic runtime
 *.
 */
public final class StrictBoolean {
    private StrictBoolean() {
    }

    /**
     * @param text the value as given
     * @return its boolean
     * @throws IllegalArgumentException "'flase' is not true or false" for anything else (also {@code null})
     */
    public static boolean parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("'" + text + "' is not true or false");
        };
    }
}
