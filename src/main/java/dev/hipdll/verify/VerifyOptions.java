package dev.hipdll.verify;

import dev.hipdll.bundle.OffloadBundleReader;
import dev.hipdll.bytes.ReadLimits;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.gfx.GfxTarget;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What a DLL is verified against. Build with {@link #of} and the {@code with*} methods.
 *
 * @param targets            the gfx targets whose device code must be embedded; empty skips the check
 * @param imports            the import allow- and deny-lists
 * @param contract           the ABI contract its exports must match
 * @param maxBundleBytes     limit on a compressed offload bundle's declared uncompressed size, bytes
 * @param buildPaths         absolute paths of the build machine that must not appear in the file
 *                           (SDK root, project directory, hip.buildPaths; never the home of the account running verify); empty entries are ignored
 * @param runtimeMajor       the HIP runtime major version the DLL must import
 *                           ({@code amdhip64_<N>.dll}), or empty to accept any
 * @param skippedChecks      check ids (or id prefixes ending in {@code .}) not to run
 * @param failOnExtraExports whether exported names with the contract prefix that the contract
 *                           does not name fail ({@code true}) or only warn
 * @param limits             the verification budget: names, entries, inflated bytes and time all
 *                           the readers of the DLL may spend together
 * @param deviceCode         GPU coverage, bundle version and size budgets, DWARF in device code
 * @param allowedPaths       globs ({@code *}, {@code **}, {@code ?}; {@code /} and {@code \} alike) of
 *                           absolute paths known to be harmless: occurrences matching one are reported
 *                           as accepted and do not fail {@code paths.build}
 * @param maxOverlayBytes    the largest overlay ({@link dev.hipdll.pe.Overlay}: bytes after the image's
 *                           sections, an Authenticode certificate table and a COFF symbol table excluded)
 *                           {@code pe.overlay} accepts, in bytes; an overlay larger than the image's own
 *                           bytes in the file fails too. {@code paths.build} does not read a refused overlay
 * @param signature          the Authenticode checks' requirements: signature required, accepted signers, trust store
 * @param hardening          which hardening checks fail when their mitigation is missing (the others warn)
 */
public record VerifyOptions(List<GfxTarget> targets, ImportPolicy imports, AbiContract contract, long maxBundleBytes,
                            List<String> buildPaths, OptionalInt runtimeMajor, Set<String> skippedChecks,
                            boolean failOnExtraExports, ReadLimits limits, DeviceCodeOptions deviceCode,
                            List<String> allowedPaths, long maxOverlayBytes, SignatureOptions signature,
                            HardeningPolicy hardening) {
    /** The default {@link #maxOverlayBytes()}: 1 MiB ({@code hip.maxOverlayMiB}). */
    public static final long DEFAULT_MAX_OVERLAY = 1L << 20;

    /**
     * Creates options; the collections are copied.
     *
     * @throws IllegalArgumentException when {@code maxOverlayBytes} is negative
     */
    public VerifyOptions {
        if (maxOverlayBytes < 0) {
            throw new IllegalArgumentException("maxOverlayBytes " + maxOverlayBytes);
        }
        allowedPaths = List.copyOf(allowedPaths);
        targets = List.copyOf(targets);
        buildPaths = List.copyOf(buildPaths);
        skippedChecks = Set.copyOf(skippedChecks);
        signature = signature == null ? SignatureOptions.defaults() : signature;
        hardening = hardening == null ? HardeningPolicy.defaults() : hardening;
    }

    /**
     * Default options for {@code contract}: no device targets, the static-runtime import policy,
     * the default bundle limit, no build paths, any runtime major, every check, extra exports fail.
     */
    public static VerifyOptions of(AbiContract contract) {
        return new VerifyOptions(List.of(), ImportPolicy.forRuntime(true, OptionalInt.empty()), contract,
                OffloadBundleReader.DEFAULT_MAX_UNCOMPRESSED, List.of(), OptionalInt.empty(), Set.of(), true, ReadLimits.DEFAULT,
                DeviceCodeOptions.defaults(), List.of(), DEFAULT_MAX_OVERLAY, SignatureOptions.defaults(),
                HardeningPolicy.defaults());
    }

    /** These options with the gfx targets whose device code must be embedded. */
    public VerifyOptions withTargets(List<GfxTarget> t) {
        return new VerifyOptions(t, imports, contract, maxBundleBytes, buildPaths, runtimeMajor, skippedChecks,
                failOnExtraExports, limits, deviceCode, allowedPaths, maxOverlayBytes, signature, hardening);
    }

    /** These options with another import policy. */
    public VerifyOptions withImports(ImportPolicy p) {
        return new VerifyOptions(targets, p, contract, maxBundleBytes, buildPaths, runtimeMajor, skippedChecks,
                failOnExtraExports, limits, deviceCode, allowedPaths, maxOverlayBytes, signature, hardening);
    }

    /** These options with another limit on a compressed bundle's declared uncompressed size, in bytes. */
    public VerifyOptions withMaxBundleBytes(long max) {
        return new VerifyOptions(targets, imports, contract, max, buildPaths, runtimeMajor, skippedChecks,
                failOnExtraExports, limits, deviceCode, allowedPaths, maxOverlayBytes, signature, hardening);
    }

    /** These options with the build-machine paths the file must not contain. */
    public VerifyOptions withBuildPaths(List<String> paths) {
        return new VerifyOptions(targets, imports, contract, maxBundleBytes, paths, runtimeMajor, skippedChecks,
                failOnExtraExports, limits, deviceCode, allowedPaths, maxOverlayBytes, signature, hardening);
    }

    /** These options with the HIP runtime major version the DLL must import (empty: any). */
    public VerifyOptions withRuntimeMajor(OptionalInt major) {
        return new VerifyOptions(targets, imports, contract, maxBundleBytes, buildPaths, major, skippedChecks,
                failOnExtraExports, limits, deviceCode, allowedPaths, maxOverlayBytes, signature, hardening);
    }

    /** These options with check ids (or groups ending in {@code .}) switched off. */
    public VerifyOptions withSkippedChecks(Set<String> ids) {
        return new VerifyOptions(targets, imports, contract, maxBundleBytes, buildPaths, runtimeMajor, ids,
                failOnExtraExports, limits, deviceCode, allowedPaths, maxOverlayBytes, signature, hardening);
    }

    /** These options with extra prefixed exports failing ({@code true}) or only warning. */
    public VerifyOptions withFailOnExtraExports(boolean fail) {
        return new VerifyOptions(targets, imports, contract, maxBundleBytes, buildPaths, runtimeMajor, skippedChecks,
                fail, limits, deviceCode, allowedPaths, maxOverlayBytes, signature, hardening);
    }

    /** These options with another verification budget. */
    public VerifyOptions withLimits(ReadLimits l) {
        return new VerifyOptions(targets, imports, contract, maxBundleBytes, buildPaths, runtimeMajor, skippedChecks,
                failOnExtraExports, l, deviceCode, allowedPaths, maxOverlayBytes, signature, hardening);
    }

    /** These options with other device-code options (GPU coverage, bundle version and size budgets, DWARF). */
    public VerifyOptions withDeviceCode(DeviceCodeOptions d) {
        return new VerifyOptions(targets, imports, contract, maxBundleBytes, buildPaths, runtimeMajor, skippedChecks,
                failOnExtraExports, limits, d, allowedPaths, maxOverlayBytes, signature, hardening);
    }

    /** These options with globs of absolute paths accepted as harmless by {@code paths.build}. */
    public VerifyOptions withAllowedPaths(List<String> globs) {
        return new VerifyOptions(targets, imports, contract, maxBundleBytes, buildPaths, runtimeMajor, skippedChecks,
                failOnExtraExports, limits, deviceCode, globs, maxOverlayBytes, signature, hardening);
    }

    /** These options with another largest overlay {@code pe.overlay} accepts, in bytes (0: none at all). */
    public VerifyOptions withMaxOverlayBytes(long max) {
        return new VerifyOptions(targets, imports, contract, maxBundleBytes, buildPaths, runtimeMajor, skippedChecks,
                failOnExtraExports, limits, deviceCode, allowedPaths, max, signature, hardening);
    }

    /** These options with other Authenticode requirements ({@code authenticode.*}). */
    public VerifyOptions withSignature(SignatureOptions s) {
        return new VerifyOptions(targets, imports, contract, maxBundleBytes, buildPaths, runtimeMajor, skippedChecks,
                failOnExtraExports, limits, deviceCode, allowedPaths, maxOverlayBytes, s, hardening);
    }

    /** These options with another hardening policy ({@code hardening.*}). */
    public VerifyOptions withHardening(HardeningPolicy h) {
        return new VerifyOptions(targets, imports, contract, maxBundleBytes, buildPaths, runtimeMajor, skippedChecks,
                failOnExtraExports, limits, deviceCode, allowedPaths, maxOverlayBytes, signature, h);
    }

    /** Whether the check {@code id} is switched off (listed itself, or a listed prefix such as {@code exports.}). */
    public boolean skips(String id) {
        for (String s : skippedChecks) {
            if (s.equals(id) || s.endsWith(".") && id.startsWith(s)) {
                return true;
            }
        }
        return false;
    }
}
