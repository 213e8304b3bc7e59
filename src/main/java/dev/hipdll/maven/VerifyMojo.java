package dev.hipdll.maven;

import dev.hipdll.goal.SetupException;
import dev.hipdll.goal.VerifyContext;
import dev.hipdll.goal.VerifySettings;
import dev.hipdll.goal.VerifySetup;
import dev.hipdll.parameter.ParameterException;
import java.util.Collections;
import dev.hipdll.gate.GateEvent;
import dev.hipdll.gate.ReleaseGate;
import dev.hipdll.gate.VerificationOutcome;
import dev.hipdll.gate.VerificationRequest;
import dev.hipdll.incremental.StampStore;
import dev.hipdll.io.FileOpener;
import dev.hipdll.sdk.SdkResolutionException;
import dev.hipdll.verify.DllChoice;
import dev.hipdll.authenticode.DigestPolicy;
import java.io.File;
import dev.hipdll.io.IoProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * Verifies a HIP backend DLL before release: PE32+ x64 DLL, imports only from the allowed DLLs and
 * none forbidden, exports exactly the ABI contract, device code for each requested gfx target,
 * no build-machine path inside; with trusted keys ({@code hip.attestation.trustedKeys}), a signed attestation
 * (in-toto, SLSA provenance) over the DLL's SHA-256 on every DLL the build did not link in this run. Writes the
 * table to the log, {@code verify.json} and {@code TEST-hipdll-verify.xml}; fails the build on any failed check.
 * Runs without a project too
 * ({@code mvn dev.hipdll:hipdll-maven-plugin:<version>:verify -Dhip.dll=...}).
 * With {@code -Dhip.package=<dir or zip>} it verifies a whole release instead: every PE file with the same checks,
 * then the package's (its import closure, one HIP runtime major, KnownDLLs shipped for nothing, the size budget),
 * one group per file in the reports.
 */
@Mojo(name = "verify", defaultPhase = LifecyclePhase.VERIFY, requiresProject = false, threadSafe = true,
        configurator = "hipdll")
public class VerifyMojo extends AbstractContractMojo {

    // BuildMojo declares hip.staticRuntime too (no common superclass has exactly the two): same javadoc, SharedParametersTest
    /**
     * Whether the DLL links the static MSVC runtime: hipdll:build links it (imports stay {@code amdhip64_N.dll} +
     * {@code KERNEL32.dll}; false links the DLL runtime), hipdll:verify derives the default import allow-list from it.
     */
    @Parameter(property = "hip.staticRuntime", defaultValue = "true")
    boolean staticRuntime;

    /** DLLs (globs, case-insensitive) the image may import; unset: derived from {@code staticRuntime} and {@code runtimeMajor}. */
    @Parameter(property = "hip.allowedImports")
    List<String> allowedImports;

    /** DLLs (globs) the image must not import; unset: {@code cudart*.dll, nvcuda.dll, nvrtc*.dll, cublas*.dll}. */
    @Parameter(property = "hip.forbiddenImports")
    List<String> forbiddenImports;

    /** The HIP runtime major version the DLL must import ({@code amdhip64_<N>.dll}); unset accepts any. */
    @Parameter(property = "hip.runtimeMajor")
    Integer runtimeMajor;

    /** Whether exported names with the prefix that the contract does not name fail the build (else a warning). */
    @Parameter(property = "hip.failOnExtraExports", defaultValue = "true")
    boolean failOnExtraExports;

    /** More absolute paths that must not appear in the DLL (besides the SDK root and project directory). */
    @Parameter(property = "hip.buildPaths")
    List<String> buildPaths;

    /** Check ids (or groups such as {@code exports.}) not to run, e.g. {@code paths.build,runtime.major}. */
    @Parameter(property = "hip.checks.skip")
    List<String> skipChecks;

    /** Limit on a compressed offload bundle's declared uncompressed size, in MiB. */
    @Parameter(property = "hip.maxBundleMiB", defaultValue = "512")
    int maxBundleMiB;

    /** Verification budget: bytes of names and ids (imports, exports, bundle entry ids) read in all, in MiB. */
    @Parameter(property = "hip.maxNameMiB", defaultValue = "8")
    int maxNameMiB = 8;

    /** Verification budget: import lookup, export address and bundle entries read in all. */
    @Parameter(property = "hip.maxTableEntries", defaultValue = "262144")
    int maxTableEntries = 262_144;

    /**
     * Verification budget: bytes inflated from all compressed offload bundles and compressed ELF sections
     * of device code ({@code -gz=zlib}, {@code -gz=zstd}) together, in MiB.
     */
    @Parameter(property = "hip.maxInflatedMiB", defaultValue = "1024")
    int maxInflatedMiB = 1024;

    /**
     * Verification budget: the time the whole verification may take: the table and bundle readers, the
     * inflating and the whole-file scan, which stops there and fails {@code paths.build} naming the bytes it did
     * not read. Whole seconds ({@code 60}) or with a unit ({@code 90s}, {@code 2m}), as {@code hip.timeout}.
     */
    @Parameter(property = "hip.verifyTimeLimit", defaultValue = "60")
    java.time.Duration verifyTimeLimit = java.time.Duration.ofSeconds(60);

    /**
     * The largest overlay ({@code pe.overlay}: bytes appended after the image's sections; an Authenticode
     * certificate table and a COFF symbol table are not counted) accepted, in MiB; an overlay larger than the
     * image itself fails too, and a refused overlay is not read. {@code 0}: no overlay at all.
     */
    @Parameter(property = "hip.maxOverlayMiB", defaultValue = "1")
    int maxOverlayMiB = 1;

    /**
     * The SHA-256 the DLL must have: 64 hex digits, or a {@code .sha256} file or {@code SHA256SUMS} list (sha256sum
     * format, GNU or BSD lines), whose line for the DLL's file name is used, as {@code sha256sum -c} reads it;
     * adds the {@code artifact.sha256} check.
     */
    @Parameter(property = "hip.expectedSha256")
    String expectedSha256;

    /** A {@code provenance.json} published with the DLL: the DLL must have its {@code output.sha256}. */
    @Parameter(property = "hip.provenance")
    File provenance;

    // BuildMojo declares hip.attestation.trustedKeys too (no common superclass has exactly the two): same javadoc, SharedParametersTest
    /**
     * PEM files of the public keys or certificates whose signatures are trusted (comma-separated; several during a key
     * rotation), the same for every goal (<a href="trust.html">docs/trust.md</a>). hipdll:build: with {@code hip.shards}, only shards whose
     * manifest is signed by one of them ({@code shard.dsse.json}) are read, and a step record this machine did not
     * write (restored from a build cache) is reused only when one of them signed it; without them, a build with a
     * signing key refuses shards. hipdll:verify: a DLL that hipdll:build did not link in this Maven build (restored
     * from a build cache, found up to date, named with {@code -Dhip.dll}, or verified without a project) must carry an
     * attestation signed by one of them over a statement whose subject is the DLL's SHA-256
     * ({@code artifact.attestation}); in a package ({@code hip.package}) every backend must, its attestation
     * {@code <name>.intoto.jsonl} beside it in the package; unset: no signature is checked.
     */
    @Parameter(property = "hip.attestation.trustedKeys")
    List<File> trustedKeys;

    /** The DLL's attestation (an in-toto {@code .intoto.jsonl} bundle of DSSE envelopes); unset: {@code <dll>.intoto.jsonl} beside the DLL. Needs {@code hip.attestation.trustedKeys}. */
    @Parameter(property = "hip.attestation")
    File attestation;

    /** The largest attestation bundle read, in KiB (1..262144); a larger one fails {@code artifact.attestation}. */
    @Parameter(property = "hip.attestation.maxKiB", defaultValue = "1024")
    int attestationMaxKiB = 1024;

    /** The most envelopes (non-blank lines) an attestation bundle may hold; one with more fails unchecked. */
    @Parameter(property = "hip.attestation.maxEnvelopes", defaultValue = "16")
    int attestationMaxEnvelopes = 16;

    /** The most signatures an attestation's envelope may carry; one with more is refused without checking any. */
    @Parameter(property = "hip.attestation.maxSignatures", defaultValue = "16")
    int attestationMaxSignatures = 16;

    /** The time the attestation check may spend verifying signatures ({@code 10}, {@code 90s}, as {@code hip.timeout}). */
    @Parameter(property = "hip.attestation.timeLimit", defaultValue = "10")
    java.time.Duration attestationTimeLimit = java.time.Duration.ofSeconds(10);

    /**
     * Comma-separated processors the DLL must run on (e.g. {@code gfx1150,gfx1151,gfx1152,gfx1100}; a feature
     * setting such as {@code gfx90a:xnack+} fixes the device's mode): each needs a loadable code object, exact or
     * generic ({@code device-code.gpus}); unset skips the check.
     */
    @Parameter(property = "hip.gpus")
    String gpus;

    /** The newest compressed offload bundle version accepted (2 for HIP runtimes that cannot read CCOB v3); unset accepts any. */
    @Parameter(property = "hip.maxBundleVersion")
    Integer maxBundleVersion;

    /** The most bytes of code objects one gfx target may have in the DLL, over all its bundles; unset: no budget. */
    @Parameter(property = "hip.maxDeviceCodeBytes")
    Long maxDeviceCodeBytes;

    /** Whether device code objects with DWARF debug sections only warn ({@code device-code.debug}); false fails them. */
    @Parameter(property = "hip.allowDeviceDebug", defaultValue = "true")
    boolean allowDeviceDebug = true;

    /** Globs of absolute paths known to be harmless (e.g. {@code /usr/lib/llvm-*&#47;**}): {@code paths.build} reports them as accepted. */
    @Parameter(property = "hip.allowedPaths")
    List<String> allowedPaths;

    /**
     * Whether the DLL must carry an Authenticode signature whose image hash is the file's ({@code authenticode.signature}
     * fails an unsigned DLL); off: an unsigned DLL passes and a signed one is still checked. Also makes
     * {@code hardening.force-integrity} ask for FORCE_INTEGRITY.
     */
    @Parameter(property = "hip.requireSignature", defaultValue = "false")
    boolean requireSignature;

    /**
     * The accepted signers ({@code authenticode.signer}), comma-separated: certificate thumbprints (40 hex digits for
     * SHA-1, as Windows shows them, or 64 for SHA-256), distinguished names ({@code CN=Example Corp, O=Example Corp,
     * C=US}) or common names; unset: any signer.
     */
    @Parameter(property = "hip.signers")
    List<String> signers;

    /**
     * Certificates a signer's chain must end in ({@code authenticode.chain}): a PEM file of certificates, a JKS or a
     * PKCS#12 key store (trusted-certificate entries); unset: the chain is not checked. Revocation is never checked
     * (no CRL or OCSP: verify uses no network).
     */
    @Parameter(property = "hip.trustStore")
    File trustStore;

    /** The password of a PKCS#12 or JKS {@code hip.trustStore}; unset: none. */
    @Parameter(property = "hip.trustStorePassword")
    String trustStorePassword;

    /**
     * The digest algorithms an Authenticode signature and its timestamp may use, comma-separated: SHA-1, SHA-256,
     * SHA-384, SHA-512 ({@code dev.hipdll.authenticode.DigestPolicy}); unset: SHA-256, SHA-384 and SHA-512. MD5 is
     * never accepted.
     */
    @Parameter(property = "hip.signature.digests")
    List<String> signatureDigests;

    /**
     * The hardening checks that fail when their mitigation is missing; the others warn. Comma-separated names of
     * {@code dynamic-base, high-entropy-va, nx-compat, guard-cf, cet-compat, wx-sections, force-integrity}, or
     * {@code none}; unset: {@code dynamic-base,high-entropy-va,nx-compat,wx-sections}.
     */
    @Parameter(property = "hip.hardening.required")
    List<String> hardeningRequired;

    /**
     * The most detail lines shown per check in the log, {@code verify.json} and the JUnit XML: the first N, then one
     * line saying how many more there are ({@code verify.json}'s {@code detailCount} keeps the full count).
     */
    @Parameter(property = "hip.report.maxDetails", defaultValue = "50")
    int reportMaxDetails = 50;

    /**
     * A release package to verify instead of one DLL: a directory or a zip. Every PE file in it is
     * verified with the checks of one DLL, then the package's: each imported DLL is in the package, Windows' or on
     * the import allow-list ({@code package.dependencies}); no KnownDLL is shipped for nothing
     * ({@code package.known-dlls}); one HIP runtime major ({@code package.runtime}); the size budget
     * ({@code package.size}); every backend present ({@code package.backends}); no name Windows cannot hold or
     * rewrites ({@code package.names}). A zip is unpacked, PE files only, to a temporary directory under the report directory
     * and deleted after; path traversal, links, duplicates, zip bombs and too many entries are refused by name.
     */
    @Parameter(property = "hip.package")
    File releasePackage;

    /**
     * File-name globs of the package's backends: each must name a PE file of the package (package.backends), and
     * those files get every check; the other PE files are redistributed (whether they load and can be trusted).
     */
    @Parameter(property = "hip.package.backends", defaultValue = "coli_hip.dll")
    List<String> packageBackends;

    /** The package's size budget, in MiB: over it {@code package.size} warns (GitHub refuses a release asset over 2 GiB). */
    @Parameter(property = "hip.package.maxMiB", defaultValue = "2048")
    long packageMaxMiB = 2048;

    /** Whether a package over {@code hip.package.maxMiB} fails instead of warning. */
    @Parameter(property = "hip.package.failOverBudget", defaultValue = "false")
    boolean packageFailOverBudget;

    /** The most entries a package (zip or directory) may have; more is refused before anything is unpacked. */
    @Parameter(property = "hip.package.maxEntries", defaultValue = "10000")
    int packageMaxEntries = 10_000;

    /** The most bytes, in MiB, inflated from a zip in all (only its PE files are inflated); more is refused as a zip bomb. */
    @Parameter(property = "hip.package.maxUnpackedMiB", defaultValue = "8192")
    int packageMaxUnpackedMiB = 8192;

    /** The most a zip entry larger than 1 MiB may inflate per compressed byte; more is refused as a zip bomb. */
    @Parameter(property = "hip.package.maxRatio", defaultValue = "100")
    int packageMaxRatio = 100;

    /** The most PE files a package may have; more is refused before anything is verified. */
    @Parameter(property = "hip.package.maxFiles", defaultValue = "500")
    int packageMaxFiles = 500;

    /**
     * The time verifying the whole package may take (each file keeps hip.verifyTimeLimit too); the files not
     * reached are not verified and fail package.contents. Whole seconds ({@code 600}) or with a unit ({@code 10m}).
     */
    @Parameter(property = "hip.package.timeLimit", defaultValue = "600")
    java.time.Duration packageTimeLimit = java.time.Duration.ofMinutes(10);

    /** In a package of more PE files than this, a file without a failed check is reported as one line (package.file). */
    @Parameter(property = "hip.package.detailedFiles", defaultValue = "20")
    int packageDetailedFiles = 20;

    @Parameter(defaultValue = "${project}", readonly = true)
    MavenProject project;

    @Override
    String goal() {
        return "verify";
    }

    /** Skip hipdll:verify only ({@code hip.skip} skips every goal). */
    @Parameter(property = "hip.verify.skip", defaultValue = "false")
    boolean skipVerify;

    @Override
    boolean goalSkip() {
        return skipVerify;
    }

    /** Set just before the DLL is read: until then a failure leaves the build's pending stamp as it is. */
    private boolean lookedAtTheDll;

    @Override
    void run() throws MojoExecutionException, MojoFailureException {
        try {
            verify();
        } catch (MojoFailureException | MojoExecutionException | RuntimeException e) {
            if (!lookedAtTheDll) {
                pendingStampKept();
            }
            throw e;
        } finally { // the output lock hipdll:build handed over until this verdict
            OutputLockHandover.release(getPluginContext(), getLog());
        }
    }

    /** A parameter could not be converted: the DLL was never looked at. */
    @Override
    void configurationFailed() {
        pendingStampKept();
        OutputLockHandover.release(getPluginContext(), getLog());
    }

    /**
     * Says that a pending build stamp beside the DLL stays as it was: this verify failed before it
     * read the DLL, so it judged nothing, and the next hipdll:build finds the DLL up to date.
     */
    private void pendingStampKept() {
        Path built = BuiltDllContext.recorded(project).orElse(dll == null ? null : dll.toPath());
        if (built == null) {
            return;
        }
        Path pending = new StampStore(built).pendingFile();
        if (Files.isRegularFile(pending)) {
            getLog().info("hipdll:verify failed before it read " + built.getFileName() + ", so it judged nothing: the"
                    + " build's pending stamp is kept (" + pending + "); the next hipdll:build finds the DLL up to date");
        }
    }

    /** A skipped verify still releases the output lock hipdll:build handed to it. */
    @Override
    void skipped() {
        OutputLockHandover.release(getPluginContext(), getLog());
    }

    private void verify() throws MojoExecutionException, MojoFailureException {
        useTheProjectsExecutionConfiguration(session);
        Optional<DllChoice> choice = Optional.empty();
        if (releasePackage == null) {  // a package (hip.package) names its own files
            dll = ProjectlessPaths.requiredDll(dll, session);
            choice = Optional.of(BuiltDllContext.choose(dll, session, project));  // the DLL hipdll:build wrote, if it ran
            dll = choice.get().dll().toFile();
        }
        VerifySetup setup = new VerifySetup(settings(), context(choice));
        VerificationRequest request;
        try {
            request = setup.request();
        } catch (ParameterException e) {
            throw parameterError(e.getMessage());
        } catch (SetupException e) {
            throw new MojoFailureException(e.getMessage());
        } finally {
            log(setup.events());
        }
        Path dir = setup.reportDirectory();
        VerificationOutcome outcome;
        lookedAtTheDll = releasePackage == null;
        try {
            outcome = new ReleaseGate(opener()).verify(request);
        } catch (IOException e) {
            throw new MojoFailureException("hipdll:verify cannot read the package " + releasePackage.toPath() + ": "
                    + IoProblem.describe(e), e);
        }
        TableLog.log(getLog(), outcome.table());
        try {
            List<Path> written = outcome.writeReports(dir);
            getLog().info("reports: " + String.join(", ", written.stream().map(Path::toString).toList()));
        } catch (IOException e) {
            throw new MojoExecutionException("cannot write the verify reports to " + dir + ": " + IoProblem.describe(e), e);
        }
        log(outcome.events());
        if (!outcome.passed()) {
            throw new MojoFailureException(outcome.rejection(dir));
        }
    }

    /** The parameters as Maven injected them, for the core's {@link VerifySetup}. */
    private VerifySettings settings() {
        return new VerifySettings().dll(path(dll)).arch(arch).staticRuntime(staticRuntime)
                .allowedImports(allowedImports).forbiddenImports(forbiddenImports).runtimeMajor(runtimeMajor)
                .expectedExports(expectedExports).contract(path(contract)).exports(exports)
                .exportsFile(path(exportsFile)).exportPrefix(exportPrefix).failOnExtraExports(failOnExtraExports)
                .sdkRoot(path(sdkRoot)).buildPaths(buildPaths).skipChecks(skipChecks).reportDirectory(path(reportDirectory))
                .maxBundleMiB(maxBundleMiB).maxNameMiB(maxNameMiB).maxTableEntries(maxTableEntries)
                .maxInflatedMiB(maxInflatedMiB).verifyTimeLimit(verifyTimeLimit).maxOverlayMiB(maxOverlayMiB)
                .expectedSha256(expectedSha256).provenance(path(provenance)).trustedKeys(paths(trustedKeys))
                .attestation(path(attestation)).attestationMaxKiB(attestationMaxKiB)
                .attestationMaxEnvelopes(attestationMaxEnvelopes).attestationMaxSignatures(attestationMaxSignatures)
                .attestationTimeLimit(attestationTimeLimit).gpus(gpus).maxBundleVersion(maxBundleVersion)
                .maxDeviceCodeBytes(maxDeviceCodeBytes).allowDeviceDebug(allowDeviceDebug).allowedPaths(allowedPaths)
                .requireSignature(requireSignature).signers(signers).trustStore(path(trustStore))
                .trustStorePassword(trustStorePassword).signatureDigests(signatureDigests)
                .hardeningRequired(hardeningRequired).reportMaxDetails(reportMaxDetails)
                .releasePackage(path(releasePackage)).packageBackends(packageBackends).packageMaxMiB(packageMaxMiB)
                .packageFailOverBudget(packageFailOverBudget).packageMaxEntries(packageMaxEntries)
                .packageMaxUnpackedMiB(packageMaxUnpackedMiB).packageMaxRatio(packageMaxRatio)
                .packageMaxFiles(packageMaxFiles).packageTimeLimit(packageTimeLimit)
                .packageDetailedFiles(packageDetailedFiles);
    }

    /** What Maven knows beyond the parameters: the project, what hipdll:build did in this build, toolchains.xml. */
    private VerifyContext context(Optional<DllChoice> choice) {
        boolean present = projectPresent();
        String cache = "";
        if (session != null && session.getRequest() != null && session.getRequest().getMultiModuleProjectDirectory() != null
                && BuildCacheMaven.extensionActive(BuildCacheMaven.version(session))) {
            Path extensions = session.getRequest().getMultiModuleProjectDirectory().toPath().resolve(".mvn/extensions.xml");
            if (BuildMojo.configuresTheBuildCache(extensions)) {
                cache = "the Build Cache Extension is configured (" + extensions + ")";
            }
        }
        Optional<dev.hipdll.sdk.HipToolchain> toolchain;
        try {
            toolchain = HipToolchains.choose(session, toolchainVersion, getLog()::warn);
        } catch (SdkResolutionException e) {
            getLog().debug("no hip toolchain from toolchains.xml: " + e.getMessage());
            toolchain = Optional.empty();
        }
        return new VerifyContext(host(),
                present && project.getBasedir() != null ? Optional.of(project.getBasedir().toPath()) : Optional.empty(),
                present ? Optional.of(Path.of(project.getBuild().getDirectory())) : Optional.empty(), Path.of(""),
                choice, choice.isPresent() && BuiltDllContext.linked(project, choice.get().dll()), cache,
                BuiltDllContext.libraryDlls(project), toolchain,
                CommandLineProperties.places(session, Collections.singletonMap("hip.sdkRoot", sdkRoot)),
                dev.hipdll.parameter.ParameterHints.MAVEN);
    }

    /** The core's events at their levels. */
    private void log(List<GateEvent> events) {
        for (GateEvent event : events) {
            switch (event.level()) {
                case DEBUG -> getLog().debug(event.text());
                case INFO -> getLog().info(event.text());
                case WARN -> getLog().warn(event.text());
            }
        }
    }

    /** {@code files} as paths, {@code null} when unset. */
    private static List<Path> paths(List<File> files) {
        return files == null ? null : files.stream().filter(java.util.Objects::nonNull).map(File::toPath).toList();
    }

    @Override
    Sdk sdkForContract() throws SdkResolutionException {
        try {
            if (sdkRoot != null) {
                sdkRoot.toPath();
            }
        } catch (java.nio.file.InvalidPathException e) {
            throw new SdkResolutionException("hip.sdkRoot is no path: " + e.getMessage());
        }
        return new Sdk(sdkRootOnly(sdkRoot), HipToolchains.choose(session, toolchainVersion, getLog()::warn));
    }

    /** How the DLL is opened for reading; tests override it to count the reads. */
    FileOpener opener() {
        return FileOpener.standard();
    }

    private boolean projectPresent() {
        return session != null && session.getRequest().isProjectPresent() && project != null;
    }

}
