package dev.hipdll.parameter;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The known name closest to a mistyped one, by Levenshtein edit distance (insertions, deletions and
 * substitutions of one character, case-insensitive), for "did you mean" hints: {@code contrat} →
 * {@code contract}, {@code hip.staticRuntme} → {@code hip.staticRuntime}. A name further than a third
 * of its length (at least 2, at most 4 edits) from every known one has no closest name.
 */
public final class ClosestName {
    private ClosestName() {
    }

    /**
     * @param name       the unknown name
     * @param candidates the known names
     * @return the closest candidate within the limit (the first of equally close ones, in iteration order)
     */
    public static Optional<String> of(String name, Collection<String> candidates) {
        int limit = Math.min(4, Math.max(2, name.length() / 3));
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(name.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        return best != null && bestDistance <= limit ? Optional.of(best) : Optional.empty();
    }

    /**
     * The first candidate one typo away from {@code name}: one character inserted, deleted or replaced, or two
     * adjacent characters swapped ({@code gfx1511} → {@code gfx1151}), case-insensitive. Stricter than
     * {@link #of}: for short names that differ in digits ({@code gfx1250} and {@code gfx1151} are two edits apart),
     * a third of the length would suggest another GPU, not the one meant.
     *
     * @param name       the unknown name
     * @param candidates the known names, in the order ties are broken
     * @return the first candidate with two adjacent characters swapped, else the first one edit away, or empty
     */
    public static Optional<String> oneTypoAway(String name, Collection<String> candidates) {
        String n = name.toLowerCase(Locale.ROOT);
        for (String c : candidates) { // a swap keeps every character typed: gfx1511 meant gfx1151, not gfx1011
            if (swapped(n, c.toLowerCase(Locale.ROOT))) {
                return Optional.of(c);
            }
        }
        for (String c : candidates) {
            String k = c.toLowerCase(Locale.ROOT);
            if (!k.equals(n) && distance(n, k) == 1) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** Whether {@code b} is {@code a} with two adjacent characters swapped. */
    private static boolean swapped(String a, String b) {
        if (a.length() != b.length()) {
            return false;
        }
        int i = 0;
        while (i < a.length() && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i + 1 < a.length() && a.charAt(i) == b.charAt(i + 1) && a.charAt(i + 1) == b.charAt(i)
                && a.substring(i + 2).equals(b.substring(i + 2));
    }

    /** The Levenshtein distance of {@code a} and {@code b}. */
    public static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
