package dev.hipdll.diagnosis;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Finds the first error line in a compiler or linker log: clang's {@code error:} (also
 * {@code fatal error:}), MSVC link's {@code error LNKnnnn:} and lld-link's {@code lld-link: error:}.
 * Later lines are usually cascades of the first.
 */
public final class FirstError {
    private static final Pattern ERROR = Pattern.compile("(?i)(\\berror\\b\\s*:|\\berror\\s+(LNK|C)\\d+\\s*:)");

    private FirstError() {
    }

    /** The first error line of {@code lines}, stripped, if any. */
    public static Optional<String> in(List<String> lines) {
        return lines.stream().filter(l -> ERROR.matcher(l).find()).map(String::strip).findFirst();
    }
}
