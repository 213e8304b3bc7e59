package dev.hipdll.bundle;

import java.util.Optional;
import java.util.regex.Matcher;
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
    private static final Pattern WITH_TARGET = Pattern.compile(
            "^([A-Za-z0-9_]+)-(.*?)-+(gfx[0-9a-z]+(?:-[0-9]+)*(?:-generic)?(?::[a-z]+[+-])*)$");

    /** Parses an entry id; never fails (an id without a recognisable shape keeps its text as triple). */
    public static BundleEntryId parse(String text) {
        Matcher m = WITH_TARGET.matcher(text);
        if (m.matches()) {
            return new BundleEntryId(text, m.group(1), trimDashes(m.group(2)), m.group(3));
        }
        int dash = text.indexOf('-');
        if (dash < 0) {
            return new BundleEntryId(text, text, "", "");
        }
        return new BundleEntryId(text, text.substring(0, dash), trimDashes(text.substring(dash + 1)), "");
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
