package dev.hipdll.sdk;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Chooses one {@code hip} toolchain from {@code toolchains.xml}: with a version requirement
 * ({@code hip.toolchainVersion}) the toolchains whose {@code <provides><version>} equals it or
 * starts with it followed by a dot ({@code 6} matches {@code 6.4}); without one, all of them. Of
 * the candidates the highest version wins (numeric comparison of dotted parts).
 */
public final class ToolchainSelector {
    private ToolchainSelector() {
    }

    /**
     * Selects a toolchain.
     *
     * @param toolchains  the {@code hip} toolchains, in toolchains.xml order
     * @param requirement the required version or version prefix, or {@code null}/blank for any
     * @return the chosen toolchain; empty when there is none
     * @throws SdkResolutionException when a requirement is given, toolchains exist, and none matches
     *                                (the message lists the versions there are)
     */
    public static Optional<HipToolchain> select(List<HipToolchain> toolchains, String requirement)
            throws SdkResolutionException {
        String req = requirement == null ? "" : requirement.strip();
        List<HipToolchain> matches = toolchains.stream()
                .filter(t -> req.isEmpty() || t.version().equals(req) || t.version().startsWith(req + "."))
                .toList();
        if (matches.isEmpty() && !req.isEmpty() && !toolchains.isEmpty()) {
            throw new SdkResolutionException("no hip toolchain in toolchains.xml provides version " + req
                    + " (hip.toolchainVersion); there are: " + toolchains);
        }
        return matches.stream().max(Comparator.comparing(HipToolchain::version, VersionOrder::compare));
    }
}
