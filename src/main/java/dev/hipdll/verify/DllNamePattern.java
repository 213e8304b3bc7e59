package dev.hipdll.verify;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A DLL name or glob ({@code *} any run of characters, {@code ?} one character), matched
 * case-insensitively as Windows matches module names: {@code amdhip64_*.dll},
 * {@code api-ms-win-crt-*}, {@code KERNEL32.dll}.
 *
 * @param text the pattern as written
 */
public record DllNamePattern(String text) {
    /** Creates a pattern; blank text is refused. */
    public DllNamePattern {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("a DLL name pattern must not be blank");
        }
        text = text.strip();
    }

    /** Whether {@code dllName} matches, ignoring case. */
    public boolean matches(String dllName) {
        StringBuilder re = new StringBuilder();
        for (char c : text.toLowerCase(Locale.ROOT).toCharArray()) {
            switch (c) {
                case '*' -> re.append(".*");
                case '?' -> re.append('.');
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.matches(re.toString(), dllName.toLowerCase(Locale.ROOT));
    }

    @Override
    public String toString() {
        return text;
    }
}
