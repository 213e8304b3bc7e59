package dev.hipdll.verify;

import dev.hipdll.bundle.OffloadBundleReader;
import dev.hipdll.bytes.ReadLimits;
import dev.hipdll.contract.AbiContract;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What a DLL is verified against. Build with {@link #builder} (or {@link #of} for the defaults);
 * {@link #toBuilder()} changes some options of existing ones.
 *
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
 * @param deviceCode         every device-code option: the gfx targets whose device code must be embedded,
 *                           GPU coverage, bundle version and size budgets, DWARF in device code
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
public record VerifyOptions(ImportPolicy imports, AbiContract contract, long maxBundleBytes,
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
        return builder(contract).build();
    }

    /** A builder for options against {@code contract}, holding the defaults of {@link #of}. */
    public static Builder builder(AbiContract contract) {
        return new Builder(contract);
    }

    /** A builder holding these options, to change some of them. */
    public Builder toBuilder() {
        Builder b = new Builder(contract);
        b.imports = imports;
        b.maxBundleBytes = maxBundleBytes;
        b.buildPaths = buildPaths;
        b.runtimeMajor = runtimeMajor;
        b.skippedChecks = skippedChecks;
        b.failOnExtraExports = failOnExtraExports;
        b.limits = limits;
        b.deviceCode = deviceCode;
        b.allowedPaths = allowedPaths;
        b.maxOverlayBytes = maxOverlayBytes;
        b.signature = signature;
        b.hardening = hardening;
        return b;
    }

    /**
     * Collects {@link VerifyOptions}; it starts from the defaults of {@link VerifyOptions#of}, and each setter
     * names the component it sets and returns this builder. {@link #build()} validates as the record does.
     */
    public static final class Builder {
        private final AbiContract contract;
        private ImportPolicy imports = ImportPolicy.forRuntime(true, OptionalInt.empty());
        private long maxBundleBytes = OffloadBundleReader.DEFAULT_MAX_UNCOMPRESSED;
        private List<String> buildPaths = List.of();
        private OptionalInt runtimeMajor = OptionalInt.empty();
        private Set<String> skippedChecks = Set.of();
        private boolean failOnExtraExports = true;
        private ReadLimits limits = ReadLimits.DEFAULT;
        private DeviceCodeOptions deviceCode = DeviceCodeOptions.defaults();
        private List<String> allowedPaths = List.of();
        private long maxOverlayBytes = DEFAULT_MAX_OVERLAY;
        private SignatureOptions signature = SignatureOptions.defaults();
        private HardeningPolicy hardening = HardeningPolicy.defaults();

        private Builder(AbiContract contract) {
            this.contract = contract;
        }

        /** Sets {@link VerifyOptions#imports()}. */
        public Builder imports(ImportPolicy p) {
            imports = p;
            return this;
        }

        /** Sets {@link VerifyOptions#maxBundleBytes()}, in bytes. */
        public Builder maxBundleBytes(long max) {
            maxBundleBytes = max;
            return this;
        }

        /** Sets {@link VerifyOptions#buildPaths()}. */
        public Builder buildPaths(List<String> paths) {
            buildPaths = paths;
            return this;
        }

        /** Sets {@link VerifyOptions#runtimeMajor()} (empty: any). */
        public Builder runtimeMajor(OptionalInt major) {
            runtimeMajor = major;
            return this;
        }

        /** Sets {@link VerifyOptions#skippedChecks()}: check ids, or groups ending in {@code .}. */
        public Builder skippedChecks(Set<String> ids) {
            skippedChecks = ids;
            return this;
        }

        /** Sets {@link VerifyOptions#failOnExtraExports()}. */
        public Builder failOnExtraExports(boolean fail) {
            failOnExtraExports = fail;
            return this;
        }

        /** Sets {@link VerifyOptions#limits()}. */
        public Builder limits(ReadLimits l) {
            limits = l;
            return this;
        }

        /** Sets {@link VerifyOptions#deviceCode()}: every device-code option, the gfx targets among them. */
        public Builder deviceCode(DeviceCodeOptions d) {
            deviceCode = d;
            return this;
        }

        /** Sets {@link VerifyOptions#allowedPaths()}. */
        public Builder allowedPaths(List<String> globs) {
            allowedPaths = globs;
            return this;
        }

        /** Sets {@link VerifyOptions#maxOverlayBytes()}, in bytes (0: no overlay at all). */
        public Builder maxOverlayBytes(long max) {
            maxOverlayBytes = max;
            return this;
        }

        /** Sets {@link VerifyOptions#signature()}. */
        public Builder signature(SignatureOptions s) {
            signature = s;
            return this;
        }

        /** Sets {@link VerifyOptions#hardening()}. */
        public Builder hardening(HardeningPolicy h) {
            hardening = h;
            return this;
        }

        /**
         * The options; the collections are copied.
         *
         * @throws IllegalArgumentException when {@code maxOverlayBytes} is negative
         */
        public VerifyOptions build() {
            return new VerifyOptions(imports, contract, maxBundleBytes, buildPaths, runtimeMajor, skippedChecks,
                    failOnExtraExports, limits, deviceCode, allowedPaths, maxOverlayBytes, signature, hardening);
        }
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
