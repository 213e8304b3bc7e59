package dev.hipdll.pipeline;

import dev.hipdll.host.Host;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.trust.MachineKey;
import dev.hipdll.trust.TrustPolicy;
import java.nio.file.Path;
import java.util.Objects;
import dev.hipdll.signing.AuthenticodeSigning;
import java.util.Optional;

/**
 * One request to build the HIP DLL ({@link HipDllBuild#run}): everything the build needs, as plain
 * values, so it runs the same from the Maven mojo and from a test.
 *
 * @param host           the machine: OS, environment, file system (never read from the JVM deeper in)
 * @param setup          what the SDK, MSVC pin and environment are decided from
 * @param units          the sources and their flags
 * @param targets        the gfx targets, each compiled by its own device step
 * @param output         the DLL to write ({@code <outputDirectory>/<outputName>})
 * @param options        how to build
 * @param basedir        the project base directory: every step's working directory
 * @param buildDirectory the project build directory ({@code target}), for provenance placeholders
 * @param stamp          the plugin's version and coordinates, for the stamp and the provenance
 * @param trust          the run's one trust policy: which shards and restored step records the
 *                       build takes ({@link TrustPolicy#mayTake})
 * @param recordKey      the file of this user's {@link MachineKey}, which binds the step records this machine
 *                       writes (outside {@code target/}); empty: none is known, so no record is bound here
 * @param authenticode   how the build signs the linked DLL with Authenticode ({@code hip.sign.*}), before its digest,
 *                       provenance, attestation and stamp are written; empty: the DLL is not signed
 */
public record HipDllBuildRequest(Host host, SetupInputs setup, TranslationUnits units, GfxTargetList targets,
                                 Path output, BuildOptions options, Path basedir, Path buildDirectory,
                                 StampContext stamp, TrustPolicy trust, Optional<Path> recordKey,
                                 Optional<AuthenticodeSigning> authenticode) {
    /** Checks that the trust policy, the key's place and the signing are given. */
    public HipDllBuildRequest {
        Objects.requireNonNull(trust, "trust");
        Objects.requireNonNull(recordKey, "recordKey");
        Objects.requireNonNull(authenticode, "authenticode");
    }

    /** A request whose DLL is not signed with Authenticode. */
    public HipDllBuildRequest(Host host, SetupInputs setup, TranslationUnits units, GfxTargetList targets,
                              Path output, BuildOptions options, Path basedir, Path buildDirectory,
                              StampContext stamp, TrustPolicy trust, Optional<Path> recordKey) {
        this(host, setup, units, targets, output, options, basedir, buildDirectory, stamp, trust, recordKey,
                Optional.empty());
    }

    /**
     * A request that trusts no key ({@link TrustPolicy#none()}) and keeps the step record key where the host's
     * environment says ({@link MachineKey#defaultFile}).
     */
    public HipDllBuildRequest(Host host, SetupInputs setup, TranslationUnits units, GfxTargetList targets,
                              Path output, BuildOptions options, Path basedir, Path buildDirectory,
                              StampContext stamp) {
        this(host, setup, units, targets, output, options, basedir, buildDirectory, stamp, TrustPolicy.none(),
                MachineKey.defaultFile(host));
    }

    /** This request with {@code policy} as its trust policy. */
    public HipDllBuildRequest withTrust(TrustPolicy policy) {
        return new HipDllBuildRequest(host, setup, units, targets, output, options, basedir, buildDirectory, stamp,
                policy, recordKey, authenticode);
    }

    /** This request with the DLL signed as {@code signing} says ({@code hip.sign.*}), or not (empty). */
    public HipDllBuildRequest withAuthenticode(Optional<AuthenticodeSigning> signing) {
        return new HipDllBuildRequest(host, setup, units, targets, output, options, basedir, buildDirectory, stamp,
                trust, recordKey, signing);
    }

    /** The output directory. */
    public Path outputDirectory() {
        return output.toAbsolutePath().getParent();
    }
}
