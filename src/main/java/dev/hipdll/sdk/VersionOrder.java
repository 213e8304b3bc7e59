package dev.hipdll.sdk;

/**
 * Orders dotted version strings numerically part by part ({@code 6.10} after {@code 6.4},
 * {@code 14.44.35207} after {@code 14.44}); a non-numeric part compares as text after the numbers.
 */
public final class VersionOrder {
    private VersionOrder() {
    }

    /** Compares two versions; negative when {@code a} is lower. */
    public static int compare(String a, String b) {
        String[] pa = a.split("\\.");
        String[] pb = b.split("\\.");
        for (int i = 0; i < Math.max(pa.length, pb.length); i++) {
            String x = i < pa.length ? pa[i] : "";
            String y = i < pb.length ? pb[i] : "";
            int c = part(x, y);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static int part(String x, String y) {
        boolean nx = x.matches("\\d{1,18}");
        boolean ny = y.matches("\\d{1,18}");
        if (nx && ny) {
            return Long.compare(Long.parseLong(x), Long.parseLong(y));
        }
        if (x.isEmpty() || y.isEmpty()) {
            return x.isEmpty() ? (y.isEmpty() ? 0 : -1) : 1;
        }
        if (nx != ny) {
            return nx ? -1 : 1;
        }
        return x.compareTo(y);
    }
}
