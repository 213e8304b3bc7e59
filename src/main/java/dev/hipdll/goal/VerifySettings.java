package dev.hipdll.goal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The values of hipdll:verify's parameters as a front end received them, before any is checked: one setter per
 * parameter, named as the parameter is in the plugin descriptor ({@code maxBundleMiB} is {@code -Dhip.maxBundleMiB},
 * {@code skipChecks} is {@code -Dhip.checks.skip}, {@code releasePackage} is {@code -Dhip.package}), each starting at
 * the goal's default. {@link VerifySetup} checks them and makes the request. A value left unset ({@code null}
 * or an empty list) means the parameter was not given. A fresh object per run; not shared between threads.
 */
public final class VerifySettings {
    Path dll;
    String arch;
    boolean staticRuntime = true;
    List<String> allowedImports = List.of();
    List<String> forbiddenImports = List.of();
    Integer runtimeMajor;
    int expectedExports = 48;
    Path contract;
    List<String> exports = List.of();
    Path exportsFile;
    String exportPrefix;
    boolean failOnExtraExports = true;
    String sdkRoot;
    List<String> buildPaths = List.of();
    List<String> skipChecks = List.of();
    Path reportDirectory;
    int maxBundleMiB = 512;
    int maxNameMiB = 8;
    int maxTableEntries = 262_144;
    int maxInflatedMiB = 1024;
    Duration verifyTimeLimit = Duration.ofSeconds(60);
    int maxOverlayMiB = 1;
    String expectedSha256;
    Path provenance;
    List<Path> trustedKeys = List.of();
    Path attestation;
    int attestationMaxKiB = 1024;
    int attestationMaxEnvelopes = 16;
    int attestationMaxSignatures = 16;
    Duration attestationTimeLimit = Duration.ofSeconds(10);
    String gpus;
    Integer maxBundleVersion;
    Long maxDeviceCodeBytes;
    boolean allowDeviceDebug = true;
    List<String> allowedPaths = List.of();
    boolean requireSignature;
    List<String> signers = List.of();
    Path trustStore;
    String trustStorePassword;
    List<String> signatureDigests = List.of();
    List<String> hardeningRequired = List.of();
    int reportMaxDetails = 50;
    Path releasePackage;
    List<String> packageBackends = List.of("coli_hip.dll");
    long packageMaxMiB = 2048;
    boolean packageFailOverBudget;
    int packageMaxEntries = 10_000;
    int packageMaxUnpackedMiB = 8192;
    int packageMaxRatio = 100;
    int packageMaxFiles = 500;
    Duration packageTimeLimit = Duration.ofMinutes(10);
    int packageDetailedFiles = 20;

    /** {@code hip.dll}: the DLL to verify; unset with {@code hip.package}. */
    public VerifySettings dll(Path v) { dll = v; return this; }

    /** {@code hip.arch}: comma-separated gfx target IDs whose device code must be embedded. */
    public VerifySettings arch(String v) { arch = v; return this; }

    /** {@code hip.staticRuntime} (default true). */
    public VerifySettings staticRuntime(boolean v) { staticRuntime = v; return this; }

    /** {@code hip.allowedImports}: the import allow-list replacing the default. */
    public VerifySettings allowedImports(List<String> v) { allowedImports = list(v); return this; }

    /** {@code hip.forbiddenImports}. */
    public VerifySettings forbiddenImports(List<String> v) { forbiddenImports = list(v); return this; }

    /** {@code hip.runtimeMajor}: the N of {@code amdhip64_N.dll}. */
    public VerifySettings runtimeMajor(Integer v) { runtimeMajor = v; return this; }

    /** {@code hip.expectedExports} (default 48). */
    public VerifySettings expectedExports(int v) { expectedExports = v; return this; }

    /** {@code hip.contract}: the host's loader source. */
    public VerifySettings contract(Path v) { contract = v; return this; }

    /** {@code hip.exports}: the contract as a list of names. */
    public VerifySettings exports(List<String> v) { exports = list(v); return this; }

    /** {@code hip.exportsFile}: the contract as a file of names. */
    public VerifySettings exportsFile(Path v) { exportsFile = v; return this; }

    /** {@code hip.exportPrefix}; {@code null}: the loader's, else {@code coli_cuda_}. */
    public VerifySettings exportPrefix(String v) { exportPrefix = v; return this; }

    /** {@code hip.failOnExtraExports} (default true). */
    public VerifySettings failOnExtraExports(boolean v) { failOnExtraExports = v; return this; }

    /** {@code hip.sdkRoot}: a build path that must not appear; the SDK whose clang reads a loader source. */
    public VerifySettings sdkRoot(String v) { sdkRoot = v; return this; }

    /** {@code hip.buildPaths}: more build-machine paths that must not appear in the DLL. */
    public VerifySettings buildPaths(List<String> v) { buildPaths = list(v); return this; }

    /** {@code hip.checks.skip}: check ids not run. */
    public VerifySettings skipChecks(List<String> v) { skipChecks = list(v); return this; }

    /** {@code hip.reportDirectory}; {@code null}: {@code target/hipdll} of the project or the current directory. */
    public VerifySettings reportDirectory(Path v) { reportDirectory = v; return this; }

    /** {@code hip.maxBundleMiB} (default 512). */
    public VerifySettings maxBundleMiB(int v) { maxBundleMiB = v; return this; }

    /** {@code hip.maxNameMiB} (default 8). */
    public VerifySettings maxNameMiB(int v) { maxNameMiB = v; return this; }

    /** {@code hip.maxTableEntries} (default 262144). */
    public VerifySettings maxTableEntries(int v) { maxTableEntries = v; return this; }

    /** {@code hip.maxInflatedMiB} (default 1024). */
    public VerifySettings maxInflatedMiB(int v) { maxInflatedMiB = v; return this; }

    /** {@code hip.verifyTimeLimit} (default 60 s). */
    public VerifySettings verifyTimeLimit(Duration v) { verifyTimeLimit = v; return this; }

    /** {@code hip.maxOverlayMiB} (default 1). */
    public VerifySettings maxOverlayMiB(int v) { maxOverlayMiB = v; return this; }

    /** {@code hip.expectedSha256}: 64 hex digits or a {@code .sha256}/{@code SHA256SUMS} file. */
    public VerifySettings expectedSha256(String v) { expectedSha256 = v; return this; }

    /** {@code hip.provenance}: a published {@code provenance.json}. */
    public VerifySettings provenance(Path v) { provenance = v; return this; }

    /** {@code hip.attestation.trustedKeys}: public keys (PEM) an attestation must be signed by. */
    public VerifySettings trustedKeys(List<Path> v) { trustedKeys = paths(v); return this; }

    /** {@code hip.attestation}: the DLL's attestation bundle. */
    public VerifySettings attestation(Path v) { attestation = v; return this; }

    /** {@code hip.attestation.maxKiB} (default 1024). */
    public VerifySettings attestationMaxKiB(int v) { attestationMaxKiB = v; return this; }

    /** {@code hip.attestation.maxEnvelopes} (default 16). */
    public VerifySettings attestationMaxEnvelopes(int v) { attestationMaxEnvelopes = v; return this; }

    /** {@code hip.attestation.maxSignatures} (default 16). */
    public VerifySettings attestationMaxSignatures(int v) { attestationMaxSignatures = v; return this; }

    /** {@code hip.attestation.timeLimit} (default 10 s). */
    public VerifySettings attestationTimeLimit(Duration v) { attestationTimeLimit = v; return this; }

    /** {@code hip.gpus}: processors the DLL must run on. */
    public VerifySettings gpus(String v) { gpus = v; return this; }

    /** {@code hip.maxBundleVersion}: the newest CCOB version accepted (1..3). */
    public VerifySettings maxBundleVersion(Integer v) { maxBundleVersion = v; return this; }

    /** {@code hip.maxDeviceCodeBytes}. */
    public VerifySettings maxDeviceCodeBytes(Long v) { maxDeviceCodeBytes = v; return this; }

    /** {@code hip.allowDeviceDebug} (default true). */
    public VerifySettings allowDeviceDebug(boolean v) { allowDeviceDebug = v; return this; }

    /** {@code hip.allowedPaths}: globs of paths allowed inside the DLL. */
    public VerifySettings allowedPaths(List<String> v) { allowedPaths = list(v); return this; }

    /** {@code hip.requireSignature} (default false). */
    public VerifySettings requireSignature(boolean v) { requireSignature = v; return this; }

    /** {@code hip.signers}: accepted signer pins. */
    public VerifySettings signers(List<String> v) { signers = list(v); return this; }

    /** {@code hip.trustStore}. */
    public VerifySettings trustStore(Path v) { trustStore = v; return this; }

    /** {@code hip.trustStorePassword}. */
    public VerifySettings trustStorePassword(String v) { trustStorePassword = v; return this; }

    /** {@code hip.signature.digests}: accepted Authenticode digests. */
    public VerifySettings signatureDigests(List<String> v) { signatureDigests = list(v); return this; }

    /** {@code hip.hardening.required}: the hardening flags required instead of the default policy. */
    public VerifySettings hardeningRequired(List<String> v) { hardeningRequired = list(v); return this; }

    /** {@code hip.report.maxDetails} (default 50). */
    public VerifySettings reportMaxDetails(int v) { reportMaxDetails = v; return this; }

    /** {@code hip.package}: a release directory or zip verified instead of one DLL. */
    public VerifySettings releasePackage(Path v) { releasePackage = v; return this; }

    /** {@code hip.package.backends} (default {@code coli_hip.dll}). */
    public VerifySettings packageBackends(List<String> v) { packageBackends = list(v); return this; }

    /** {@code hip.package.maxMiB} (default 2048). */
    public VerifySettings packageMaxMiB(long v) { packageMaxMiB = v; return this; }

    /** {@code hip.package.failOverBudget} (default false). */
    public VerifySettings packageFailOverBudget(boolean v) { packageFailOverBudget = v; return this; }

    /** {@code hip.package.maxEntries} (default 10000). */
    public VerifySettings packageMaxEntries(int v) { packageMaxEntries = v; return this; }

    /** {@code hip.package.maxUnpackedMiB} (default 8192). */
    public VerifySettings packageMaxUnpackedMiB(int v) { packageMaxUnpackedMiB = v; return this; }

    /** {@code hip.package.maxRatio} (default 100). */
    public VerifySettings packageMaxRatio(int v) { packageMaxRatio = v; return this; }

    /** {@code hip.package.maxFiles} (default 500). */
    public VerifySettings packageMaxFiles(int v) { packageMaxFiles = v; return this; }

    /** {@code hip.package.timeLimit} (default 10 min). */
    public VerifySettings packageTimeLimit(Duration v) { packageTimeLimit = v; return this; }

    /** {@code hip.package.detailedFiles} (default 20). */
    public VerifySettings packageDetailedFiles(int v) { packageDetailedFiles = v; return this; }

    /** The DLL given ({@code hip.dll}), or {@code null}. */
    public Path dll() {
        return dll;
    }

    /** The package given ({@code hip.package}), or {@code null}. */
    public Path releasePackage() {
        return releasePackage;
    }

    /** The report directory given ({@code hip.reportDirectory}), or {@code null}. */
    public Path reportDirectory() {
        return reportDirectory;
    }

    /** {@code v} without nulls and surrounding blanks; {@code null}: empty. */
    private static List<String> list(List<String> v) {
        List<String> out = new ArrayList<>();
        if (v != null) {
            for (String s : v) {
                if (s != null) {
                    out.add(s);
                }
            }
        }
        return List.copyOf(out);
    }

    private static List<Path> paths(List<Path> v) {
        List<Path> out = new ArrayList<>();
        if (v != null) {
            for (Path p : v) {
                if (p != null) {
                    out.add(p);
                }
            }
        }
        return List.copyOf(out);
    }
}
