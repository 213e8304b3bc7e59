package dev.hipdll.provenance;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.digest.Sha256;
import dev.hipdll.sdk.HipSdk;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The HIP SDK and the MSVC toolset as one value for a build cache's key: {@code sha256:<hex>} of
 * the lines {@link #lines()}, one per SDK component as {@code provenance.json} digests it
 * ({@code hipcc file <sha256>}, {@code clang file <sha256>}, {@code includeDir tree <sha256>}, ...), the
 * SDK's stated version, and on Windows the pinned toolset ({@code VCToolsVersion}) and Windows SDK version.
 *
 * <p>Paths and origins are left out: the same SDK copied to another directory, or given through
 * {@code -Dhip.sdkRoot} instead of {@code HIP_SDK_ROOT}, gives the same key, so a machine with its SDK
 * elsewhere still shares the cache; another SDK, another clang, hipcc, header or device library, or
 * another toolset gives another key. The value is what {@code hipdll:build}'s {@code sdkFingerprint}
 * parameter receives (docs/build-cache.md).
 *
 * @param value {@code sha256:} and 64 hex digits
 * @param lines what the value is the digest of, in order, one item each
 */
public record ToolchainKey(String value, List<String> lines) {
    /** The prefix of every value. */
    public static final String PREFIX = "sha256:";

    /** Copies the list. */
    public ToolchainKey {
        lines = List.copyOf(lines);
    }

    /**
     * The key of a resolved SDK and toolset.
     *
     * @param sdk               the resolved HIP SDK
     * @param toolsetVersion    the pinned MSVC toolset ({@code 14.44.35207}), empty off Windows
     * @param windowsSdkVersion the Windows SDK version ({@code 10.0.26100.0}), empty off Windows
     * @param digests           the build's file digests
     * @return the key
     * @throws IOException when a component cannot be read
     */
    public static ToolchainKey of(HipSdk sdk, Optional<String> toolsetVersion, Optional<String> windowsSdkVersion,
                                  FileDigests digests) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("hipSdkVersion " + sdk.version());
        for (Provenance.ComponentDigest c : new ProvenanceRecorder("key", digests).sdkComponents(sdk)) {
            lines.add(c.name() + " " + c.kind() + " " + c.sha256());
        }
        lines.add("msvcToolset " + toolsetVersion.orElse("none"));
        lines.add("windowsSdk " + windowsSdkVersion.orElse("none"));
        return of(lines);
    }

    /** The key of these lines. */
    public static ToolchainKey of(List<String> lines) {
        return new ToolchainKey(PREFIX + Sha256.ofUtf8(String.join("\n", lines) + "\n"), lines);
    }
}
