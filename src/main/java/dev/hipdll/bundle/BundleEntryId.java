package dev.hipdll.bundle;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The id of one offload bundle entry, {@code <kind>-<target triple>[-<target ID>]}, as written by
 * clang-offload-bundler (clang documentation "Clang Offload Bundler", "Bundle Entry ID"): for
 * example {@code hipv4-amdgcn-amd-amdhsa--gfx1151} (kind {@code hipv4}, triple
 * {@code amdgcn-amd-amdhsa-}, target ID {@code gfx1151}) or {@code host-x86_64-unknown-linux--}.
 *
 * @param text     the id as stored
 * @param kind     the offload kind: {@code host}, {@code hip}, {@code hipv4}, {@code openmp}, ...
 * @param triple   the target triple, trailing empty components removed (e.g. {@code amdgcn-amd-amdhsa})
 * @param targetId the target ID (processor and features, e.g. {@code gfx90a:xnack-}), or empty
 */
public record BundleEntryId(String text, String kind, String triple, String targetId) {
    /** A target ID: processor, optional stepping/generic suffix, features. */
    private static final Pattern TARGET_ID = Pattern.compile(
            "gfx[0-9a-z]+(?:-[0-9]+)*(?:-generic)?(?::[a-z]+[+-])*");

    /**
     * Parses an entry id; never fails (an id without a recognisable shape keeps its text as triple).
     * The shape is {@code <kind>-<triple>-+<target ID>}, with the target ID starting at the first
     * {@code -gfx} after which the rest is a whole target ID. Runs in time near-linear in the id's
     * length (no backtracking over the triple: ids come from untrusted files).
     */
    public static BundleEntryId parse(String text) {
        int n = text.length();
        int kindEnd = 0;
        while (kindEnd < n && isKindChar(text.charAt(kindEnd))) {
            kindEnd++;
        }
        if (kindEnd > 0 && kindEnd < n && text.charAt(kindEnd) == '-') {
            int stop = firstLineTerminator(text, kindEnd + 1); // the triple, as .* in clang's grammar, ends there
            java.util.regex.Matcher target = TARGET_ID.matcher(text);
            for (int i = text.indexOf("-gfx", kindEnd + 1); i >= 0 && i <= stop; i = text.indexOf("-gfx", i + 1)) {
                if (target.region(i + 1, n).matches()) {
                    return new BundleEntryId(text, text.substring(0, kindEnd), trimDashes(text.substring(kindEnd + 1, i)),
                            text.substring(i + 1));
                }
            }
        }
        int dash = text.indexOf('-');
        if (dash < 0) {
            return new BundleEntryId(text, text, "", "");
        }
        return new BundleEntryId(text, text.substring(0, dash), trimDashes(text.substring(dash + 1)), "");
    }

    private static boolean isKindChar(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    }

    /** The index of the first line terminator in {@code s} from {@code from}, or {@code s.length()}. */
    private static int firstLineTerminator(String s, int from) {
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029') {
                return i;
            }
        }
        return s.length();
    }

    private static String trimDashes(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == '-') {
            end--;
        }
        return s.substring(0, end);
    }

    /** Whether this is the host entry (kind {@code host}). */
    public boolean isHost() {
        return kind.equals("host");
    }

    /** Whether this entry holds AMDGPU device code for HIP (kind hip/hipv4, triple amdgcn-*). */
    public boolean isHipDevice() {
        return (kind.equals("hip") || kind.equals("hipv4")) && triple.startsWith("amdgcn-");
    }

    /** The processor part of the target ID (e.g. {@code gfx90a} of {@code gfx90a:xnack-}), or empty. */
    public String processor() {
        int colon = targetId.indexOf(':');
        return colon < 0 ? targetId : targetId.substring(0, colon);
    }

    /**
     * The target features of the target ID in order, each as written (e.g. {@code [sramecc+,
     * xnack-]} of {@code gfx942:sramecc+:xnack-}); empty when there are none.
     */
    public java.util.List<String> features() {
        int colon = targetId.indexOf(':');
        return colon < 0 ? java.util.List.of() : java.util.List.of(targetId.substring(colon + 1).split(":"));
    }

    /** The setting of {@code feature} ({@code xnack} or {@code sramecc}) in the target ID: "+", "-" or "" (any). */
    public String featureSetting(String feature) {
        for (String f : features()) {
            if (f.length() == feature.length() + 1 && f.startsWith(feature)) {
                return f.substring(feature.length());
            }
        }
        return "";
    }

    /** The target ID, if this entry has one. */
    public Optional<String> target() {
        return targetId.isEmpty() ? Optional.empty() : Optional.of(targetId);
    }
}
