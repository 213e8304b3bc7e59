package dev.hipdll.goal;

import dev.hipdll.attestation.AttestationException;
import dev.hipdll.attestation.AttestationLimits;
import dev.hipdll.attestation.TrustedKey;
import dev.hipdll.attestation.TrustedKeys;
import dev.hipdll.authenticode.DigestPolicy;
import dev.hipdll.authenticode.SignerPins;
import dev.hipdll.authenticode.TrustStore;
import dev.hipdll.authenticode.TrustStoreException;
import dev.hipdll.bytes.ReadLimits;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderPreprocessor;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.DetailBound;
import dev.hipdll.gate.DllSubject;
import dev.hipdll.gate.GateEvent;
import dev.hipdll.gate.PackageSubject;
import dev.hipdll.gate.VerificationRequest;
import dev.hipdll.gate.VerificationSubject;
import dev.hipdll.gfx.GfxTarget;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.gfx.InvalidTargetException;
import dev.hipdll.host.Environment;
import dev.hipdll.io.OutputDirectory;
import dev.hipdll.io.UnwritableDirectoryException;
import dev.hipdll.parameter.ParameterException;
import dev.hipdll.provenance.ExpectedDigest;
import dev.hipdll.provenance.ProvenanceException;
import dev.hipdll.release.PackageLimits;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.trust.TrustPolicy;
import dev.hipdll.verify.DeviceCodeOptions;
import dev.hipdll.verify.ImportPolicy;
import dev.hipdll.verify.HardeningPolicy;
import dev.hipdll.verify.VerifyOptions;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

/**
 * hipdll:verify's parameters ({@link VerifySettings}) checked and turned into the release gate's
 * {@link VerificationRequest}, the same for every front end. Every value is checked before anything is read, in
 * the order the goal has always checked them; the key files, the trust store and the report directory are read
 * (or made) here too, so a bad one judges nothing. Messages name the property ({@code hip.gpus: ...}).
 */
public final class VerifySetup {
    private final VerifySettings s;
    private final VerifyContext context;
    private final List<GateEvent> events = new ArrayList<>();

    /**
     * @param settings the parameters' values as given
     * @param context  what the front end knows beyond them
     */
    public VerifySetup(VerifySettings settings, VerifyContext context) {
        this.s = java.util.Objects.requireNonNull(settings, "settings");
        this.context = java.util.Objects.requireNonNull(context, "context");
    }

    /** What the setup said along the way (which reader read the loader source, the trust store's size, ...). */
    public List<GateEvent> events() {
        return List.copyOf(events);
    }

    /**
     * Where the reports go: {@code hip.reportDirectory}, else {@code target/hipdll} of the project, else (no project)
     * {@code target/hipdll} under the current directory; never beside the DLL, which may be in a release download, a
     * read-only directory or {@code /dev}.
     */
    public Path reportDirectory() {
        if (s.reportDirectory != null) {
            return s.reportDirectory;
        }
        if (context.projectBuildDir().isPresent()) {
            return context.projectBuildDir().get().resolve("hipdll");
        }
        return context.currentDirectory().toAbsolutePath().resolve("target").resolve("hipdll");
    }

    /**
     * The request, every value checked.
     *
     * @throws ParameterException a value the goal cannot use; the message starts with its property
     * @throws SetupException     the contract, the package or the report directory cannot be used
     */
    public VerificationRequest request() throws ParameterException, SetupException {
        List<GfxTarget> targets = targets("hip.arch", s.arch);
        ContractSettings contract = new ContractSettings(s.contract, s.exports, s.exportsFile, s.expectedExports,
                s.exportPrefix);
        contract.checkCount();
        AbiContract abi = contract.load(contract.loaderOnly() ? preprocessor() : Optional.empty());
        Set<String> skipped = skippedChecks();
        if (s.runtimeMajor != null && s.runtimeMajor < 0) { // a negative major is named, not taken
            throw new ParameterException("hip.runtimeMajor: " + s.runtimeMajor
                    + " is negative; expected the N of amdhip64_N.dll");
        }
        if (s.maxBundleMiB < 1 || s.maxBundleMiB > 2047) {
            throw new ParameterException("hip.maxBundleMiB: " + s.maxBundleMiB + " is outside 1..2047");
        }
        ReadLimits limits = limits();
        if (s.reportMaxDetails < 1 || s.reportMaxDetails > 1_000_000) {
            throw new ParameterException("hip.report.maxDetails: " + s.reportMaxDetails + " is outside 1..1000000");
        }
        DetailBound bound = new DetailBound(s.reportMaxDetails);
        List<GfxTarget> gpuList = targets("hip.gpus", s.gpus);
        if (s.maxBundleVersion != null && (s.maxBundleVersion < 1 || s.maxBundleVersion > 3)) {
            throw new ParameterException("hip.maxBundleVersion: " + s.maxBundleVersion
                    + " is not a CCOB version (1, 2 or 3)");
        }
        if (s.maxDeviceCodeBytes != null && s.maxDeviceCodeBytes < 0) {
            throw new ParameterException("hip.maxDeviceCodeBytes: " + s.maxDeviceCodeBytes + " is negative");
        }
        DeviceCodeOptions device = DeviceCodeOptions.builder().targets(targets).gpus(gpuList)
                .maxBundleVersion(s.maxBundleVersion == null ? OptionalInt.empty() : OptionalInt.of(s.maxBundleVersion))
                .maxDeviceCodeBytes(s.maxDeviceCodeBytes == null ? OptionalLong.empty()
                        : OptionalLong.of(s.maxDeviceCodeBytes))
                .allowDeviceDebug(s.allowDeviceDebug).build();
        OptionalInt major = s.runtimeMajor == null ? OptionalInt.empty() : OptionalInt.of(s.runtimeMajor);
        ImportPolicy policy = ImportPolicy.forRuntime(s.staticRuntime, major);
        if (!context.libraryDlls().isEmpty()) { // the SDK libraries hipdll:build linked
            policy = policy.withAlsoAllowed(context.libraryDlls(),
                    "the SDK libraries hipdll:build linked (hip.libraries)");
        }
        if (!s.allowedImports.isEmpty()) {
            policy = policy.withAllowed(s.allowedImports, "hip.allowedImports");
        }
        if (!s.forbiddenImports.isEmpty()) {
            policy = policy.withForbidden(s.forbiddenImports);
        }
        VerifyOptions options = VerifyOptions.builder(abi).deviceCode(device).imports(policy)
                .maxBundleBytes(Math.min((long) s.maxBundleMiB << 20, Integer.MAX_VALUE - 8))
                .buildPaths(buildPaths()).runtimeMajor(major).skippedChecks(skipped)
                .failOnExtraExports(s.failOnExtraExports).limits(limits)
                .allowedPaths(s.allowedPaths)
                .maxOverlayBytes((long) s.maxOverlayMiB << 20)
                .hardening(hardeningPolicy()).build();
        TrustPolicy trust = trustPolicy(); // read before the DLL: a bad key file or trust store judges nothing
        Path dir = reportDirectory(); // writable before the DLL is read: a bad one fails at once, not after the table
        try {
            OutputDirectory.prepare(dir, "report directory", "hip.reportDirectory");
        } catch (UnwritableDirectoryException e) {
            throw new SetupException(e.getMessage(), e);
        }
        VerificationSubject subject = s.releasePackage != null ? packageSubject() : dllSubject();
        return new VerificationRequest(subject, options, trust, bound, dir, attestationLimits());
    }

    private List<GfxTarget> targets(String property, String value) throws ParameterException {
        try {
            return value == null || value.isBlank() ? List.of() : GfxTargetList.parse(value).targets();
        } catch (InvalidTargetException e) {
            throw new ParameterException(property + ": " + e.getMessage());
        }
    }

    private Optional<LoaderPreprocessor> preprocessor() {
        Path root = s.sdkRoot;
        SdkOverrides overrides = new SdkOverrides(root, null, null, null, null, null, null, context.sdkRootPlaces());
        return LoaderPreprocessors.forSdk(context.host(), overrides, context.toolchain(),
                LoaderPreprocessor.DEFAULT_TIMEOUT, events);
    }

    private Set<String> skippedChecks() throws ParameterException {
        Set<String> skipped = new LinkedHashSet<>();
        for (String given : s.skipChecks) {
            String id = given.strip();
            if (id.isEmpty()) {
                continue;
            }
            if (!CheckIds.known(id) || id.equals(CheckIds.PE_FORMAT) || id.equals(CheckIds.PACKAGE_CONTENTS)) {
                throw new ParameterException("hip.checks.skip: unknown or unskippable check '" + id + "'; known: "
                        + String.join(", ", CheckIds.ALL.subList(1, CheckIds.ALL.size())) + ", "
                        + String.join(", ", CheckIds.PACKAGE.subList(1, CheckIds.PACKAGE.size())));
            }
            skipped.add(id);
        }
        return skipped;
    }

    /**
     * The build machine's paths: SDK root ({@code hip.sdkRoot}, else {@code HIP_SDK_ROOT}, else {@code HIP_PATH}),
     * the project directory (with a project) and {@code hip.buildPaths}; not the home of the account running
     * verify (the verdict must not depend on who runs it; home directories of any account are found by their
     * shapes, /home/u, /root/x, C:\Users\name\x).
     */
    private List<String> buildPaths() {
        List<String> paths = new ArrayList<>();
        Environment env = context.host().environment();
        String sdk = s.sdkRoot == null ? null : s.sdkRoot.toString();
        if (sdk == null || sdk.isBlank()) {
            sdk = env.get("HIP_SDK_ROOT").orElse(null);
        }
        if (sdk == null || sdk.isBlank()) {
            sdk = env.get("HIP_PATH").orElse(null);
        }
        if (sdk != null && !sdk.isBlank()) {
            paths.add(sdk);
        }
        if (context.projectBaseDir().isPresent()) {
            paths.add(context.projectBaseDir().get().toAbsolutePath().toString());
        }
        paths.addAll(s.buildPaths);
        events.add(new GateEvent(GateEvent.Level.DEBUG, "build paths looked for: " + paths));
        return paths;
    }

    /** The verification budget from its four parameters, each checked before anything is read. */
    private ReadLimits limits() throws ParameterException {
        positive("hip.maxNameMiB", s.maxNameMiB, 1 << 20);
        positive("hip.maxTableEntries", s.maxTableEntries, Integer.MAX_VALUE);
        positive("hip.maxInflatedMiB", s.maxInflatedMiB, 1 << 20);
        positive("hip.verifyTimeLimit", seconds(s.verifyTimeLimit), 86_400);
        if (s.maxOverlayMiB < 0 || s.maxOverlayMiB > 1 << 20) {
            throw new ParameterException("hip.maxOverlayMiB: " + s.maxOverlayMiB + " is outside 0.." + (1 << 20));
        }
        return new ReadLimits((long) s.maxNameMiB << 20, s.maxTableEntries, (long) s.maxInflatedMiB << 20,
                s.verifyTimeLimit);
    }

    private static long seconds(Duration d) {
        return d == null ? 0 : d.getSeconds();
    }

    private static void positive(String property, long value, long max) throws ParameterException {
        if (value < 1 || value > max) {
            throw new ParameterException(property + ": " + value + " is outside 1.." + max);
        }
    }

    /** {@code hip.hardening.required}; unset: the default policy. */
    private HardeningPolicy hardeningPolicy() throws ParameterException {
        if (s.hardeningRequired.isEmpty()) {
            return HardeningPolicy.defaults();
        }
        try {
            return HardeningPolicy.parse(s.hardeningRequired);
        } catch (IllegalArgumentException e) {
            throw new ParameterException("hip.hardening.required: " + e.getMessage());
        }
    }

    /**
     * The run's one trust policy ({@code hip.attestation.trustedKeys}, {@code hip.requireSignature},
     * {@code hip.signers}, {@code hip.trustStore}, {@code hip.signature.digests}): the gate applies it to the DLL
     * and to every PE file of a package.
     */
    private TrustPolicy trustPolicy() throws ParameterException {
        SignerPins pins;
        try {
            pins = new SignerPins(s.signers);
        } catch (IllegalArgumentException e) {
            throw new ParameterException("hip.signers: " + e.getMessage());
        }
        Optional<TrustStore> store = Optional.empty();
        if (s.trustStore != null) {
            try {
                store = Optional.of(TrustStore.load(s.trustStore,
                        s.trustStorePassword == null ? null : s.trustStorePassword.toCharArray()));
            } catch (TrustStoreException e) {
                throw new ParameterException("hip.trustStore: " + e.getMessage());
            }
            events.add(new GateEvent(GateEvent.Level.DEBUG, "trust store " + s.trustStore + ": "
                    + store.get().anchors().size() + " certificate(s)"));
        }
        DigestPolicy digests;
        try {
            digests = DigestPolicy.parse(s.signatureDigests.isEmpty() ? null : s.signatureDigests);
        } catch (IllegalArgumentException e) {
            throw new ParameterException("hip.signature.digests: " + e.getMessage());
        }
        return new TrustPolicy(trustedKeys(), s.requireSignature, pins, store, digests);
    }

    /** The keys of {@code hip.attestation.trustedKeys}, empty when unset. */
    private List<TrustedKey> trustedKeys() throws ParameterException {
        if (s.trustedKeys.isEmpty()) {
            if (s.attestation != null) {
                throw new ParameterException("hip.attestation needs hip.attestation.trustedKeys: without a trusted"
                        + " key an attestation proves nothing (whoever replaced the DLL could write it)");
            }
            return List.of();
        }
        try {
            List<TrustedKey> keys = TrustedKeys.load(s.trustedKeys);
            for (TrustedKey k : keys) {
                events.add(new GateEvent(GateEvent.Level.DEBUG, "trusted attestation key: " + k.describe()
                        + ", keyid " + k.keyId()));
            }
            return keys;
        } catch (AttestationException e) {
            throw new ParameterException("hip.attestation.trustedKeys: " + e.getMessage());
        }
    }

    /** The bounds of the attestation check from their four parameters. */
    private AttestationLimits attestationLimits() throws ParameterException {
        try {
            return AttestationLimits.of(s.attestationMaxKiB, s.attestationMaxEnvelopes, s.attestationMaxSignatures,
                    s.attestationTimeLimit);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(e.getMessage());
        }
    }

    /** {@code hip.dll} as the gate takes it: the file chosen, how it arrived, its expected digest and attestation. */
    private DllSubject dllSubject() throws ParameterException, SetupException {
        if (context.dllChoice().isEmpty()) {
            throw new SetupException("no DLL to verify: set " + context.hints().set("hip.dll", "<path to the DLL>")
                    + " (or " + context.hints().set("hip.package", "<dir or zip>") + ")");
        }
        Optional<ExpectedDigest> digest = expectedDigest(context.dllChoice().get().dll());
        return new DllSubject(context.dllChoice().get(), context.linkedHere(), context.projectBaseDir().isPresent(),
                context.buildCache(), Optional.ofNullable(s.attestation), digest);
    }

    private Optional<ExpectedDigest> expectedDigest(Path dll) throws ParameterException {
        boolean sha = s.expectedSha256 != null && !s.expectedSha256.isBlank();
        if (sha && s.provenance != null) {
            throw new ParameterException("give either hip.expectedSha256 or hip.provenance, not both");
        }
        try {
            if (sha) {
                return Optional.of(ExpectedDigest.fromValueOrFile(s.expectedSha256,
                        context.hints().name("hip.expectedSha256"), dll));
            }
            return s.provenance == null ? Optional.empty() : Optional.of(ExpectedDigest.fromProvenance(s.provenance));
        } catch (IllegalArgumentException e) {
            throw new ParameterException("hip.expectedSha256: " + e.getMessage());
        } catch (ProvenanceException e) {
            throw new ParameterException("hip.provenance: " + e.getMessage());
        }
    }

    /** {@code hip.package} and its bounds as the gate takes them, each checked before anything is read. */
    private PackageSubject packageSubject() throws ParameterException, SetupException {
        if (s.expectedSha256 != null && !s.expectedSha256.isBlank() || s.provenance != null) {
            throw new ParameterException("hip.expectedSha256 and hip.provenance name one DLL's digest; with"
                    + " hip.package, check the package's own digest (sha256sum) and leave them unset");
        }
        if (s.attestation != null) {
            throw new ParameterException("hip.attestation names one DLL's attestation; in a package (hip.package)"
                    + " each backend's is <name>.intoto.jsonl beside it in the package: leave hip.attestation unset");
        }
        if (s.packageMaxMiB < 1 || s.packageMaxMiB > 1L << 30) {
            throw new ParameterException("hip.package.maxMiB: " + s.packageMaxMiB + " is outside 1.." + (1L << 30));
        }
        positive("hip.package.maxEntries", s.packageMaxEntries, 10_000_000);
        positive("hip.package.maxUnpackedMiB", s.packageMaxUnpackedMiB, 1 << 30);
        positive("hip.package.maxRatio", s.packageMaxRatio, 1_000_000);
        positive("hip.package.maxFiles", s.packageMaxFiles, 10_000_000);
        positive("hip.package.timeLimit", seconds(s.packageTimeLimit), 7 * 86_400);
        if (s.packageDetailedFiles < 0) {
            throw new ParameterException("hip.package.detailedFiles: " + s.packageDetailedFiles + " is negative");
        }
        Path pkg = s.releasePackage;
        if (!Files.exists(pkg, LinkOption.NOFOLLOW_LINKS)) {
            throw new SetupException("hip.package: " + pkg.toAbsolutePath() + " does not exist; expected a release"
                    + " directory or zip");
        }
        List<String> backends = new ArrayList<>();
        for (String b : s.packageBackends) {
            if (!b.isBlank()) {
                backends.add(b.strip());
            }
        }
        return new PackageSubject(pkg, backends, new PackageLimits(s.packageMaxEntries,
                (long) s.packageMaxUnpackedMiB << 20, s.packageMaxRatio, s.packageMaxFiles), s.packageMaxMiB << 20,
                s.packageFailOverBudget, s.packageTimeLimit, s.packageDetailedFiles);
    }
}
