package dev.hipdll.maven;

import dev.hipdll.digest.DllArtifact;
import dev.hipdll.attestation.AttestationException;
import dev.hipdll.attestation.Attestations;
import dev.hipdll.attestation.SigningKey;
import dev.hipdll.pipeline.BuildRequestBuilder;
import dev.hipdll.pipeline.BuildSigning;
import dev.hipdll.pipeline.HipDllBuild;
import dev.hipdll.pipeline.HipDllBuildRequest;
import dev.hipdll.signing.AuthenticodeSigning;
import dev.hipdll.pipeline.HipDllBuildResult;
import dev.hipdll.pipeline.Schedule;
import dev.hipdll.pipeline.IncludeDirectories;
import dev.hipdll.pipeline.StampContext;
import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.compile.Driver;
import dev.hipdll.compile.HardeningFlags;
import dev.hipdll.compile.SourceLanguages;
import dev.hipdll.host.EnvironmentException;
import dev.hipdll.io.IoProblem;
import dev.hipdll.io.OutputDirectory;
import dev.hipdll.io.OutputName;
import dev.hipdll.io.UnwritableDirectoryException;
import dev.hipdll.io.OutputLock;
import dev.hipdll.incremental.StampStore;
import dev.hipdll.parameter.NumericParameters;
import dev.hipdll.parameter.ParameterException;
import dev.hipdll.sources.SourceScan;
import dev.hipdll.sources.SourceScanException;
import dev.hipdll.sources.SourceScanner;
import dev.hipdll.msvc.MsvcRequest;
import dev.hipdll.sdk.HipToolchain;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.gfx.InvalidTargetException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.lifecycle.LifecycleExecutor;
import org.apache.maven.lifecycle.MavenExecutionPlan;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.apache.maven.project.MavenProjectHelper;
import org.apache.maven.settings.crypto.SettingsDecrypter;

/**
 * Builds the HIP backend DLL ({@code coli_hip.dll}) with the HIP SDK: resolves the SDK, validates the
 * gfx targets, runs hipcc per translation unit and explicit gfx target as a parallel graph of steps
 * (each reused when its inputs are unchanged), and writes the DLL atomically to {@code target/hipdll/}
 * (the {@code outputDirectory}), with its SHA-256, provenance and, given a signing key, a signed attestation.
 */
// Only maps the parameters to one HipDllBuildRequest; the build itself is HipDllBuild (the class comment
// above is the goal's description on the plugin site and in hipdll:help, so it names no internal class).
@Mojo(name = "build", defaultPhase = LifecyclePhase.PACKAGE, threadSafe = true, configurator = "hipdll")
public class BuildMojo extends AbstractGfxMojo {

    /** hipcc ({@code hipcc.exe}, {@code hipcc.bin.exe}, a {@code .bat}/{@code .cmd} wrapper, or {@code hipcc}); default under the root. */
    @Parameter(property = "hip.hipcc")
    File hipcc;

    /** Directory of the SDK's clang; default {@code lib/llvm/bin} or {@code bin} under the root. */
    @Parameter(property = "hip.clangDir")
    File clangDir;

    /** Include directory (holds {@code hip/hip_runtime.h}); default {@code include} under the root. */
    @Parameter(property = "hip.includeDir")
    File includeDir;

    /** Library directory (holds {@code amdhip64.lib}); default {@code lib} under the root. */
    @Parameter(property = "hip.libDir")
    File libDir;

    /** Device library directory; default {@code lib/llvm/amdgcn/bitcode} or {@code amdgcn/bitcode} under the root. */
    @Parameter(property = "hip.deviceLibDir")
    File deviceLibDir;

    /** The runtime DLL {@code amdhip64_<N>.dll}; default the highest N in {@code bin}. */
    @Parameter(property = "hip.runtimeDll")
    File runtimeDll;

    /** Windows: the Visual Studio installation; default found with vswhere. */
    @Parameter(property = "hip.vsInstallDir")
    File vsInstallDir;

    // DoctorMojo declares hip.vcToolsVersion too (no common superclass has exactly the two): same javadoc, SharedParametersTest
    /**
     * Windows: the MSVC toolset, exact ({@code 14.44.35207}) or prefix ({@code 14.44}), that hipdll:build pins (and
     * hipdll:doctor checks is installed); default an inherited {@code VCToolsVersion}.
     */
    @Parameter(property = "hip.vcToolsVersion")
    String vcToolsVersion;

    /** Windows: the Windows SDK version, e.g. {@code 10.0.26100.0}; default the newest installed. */
    @Parameter(property = "hip.windowsSdkVersion")
    String windowsSdkVersion;

    /** Windows: the Windows Kits root; default {@code %ProgramFiles(x86)%/Windows Kits/10}. */
    @Parameter(property = "hip.windowsSdkDir")
    File windowsSdkDir;

    /** Further variables (names or {@code *} patterns) to remove from hipcc's environment. */
    @Parameter(property = "hip.scrubVariables")
    List<String> scrubVariables = List.of();

    /**
     * Variables (names or {@code *} patterns) the scrub must not remove; a variable that runs code
     * ({@code LD_LIBRARY_PATH}, {@code BASH_ENV}, {@code CCACHE_PREFIX}, ...) only by its exact name. A kept
     * variable is in every step's key and in the build stamp.
     */
    @Parameter(property = "hip.keepVariables")
    List<String> keepVariables = List.of();

    /** Variables set in hipcc's environment after the scrub. */
    @Parameter
    Map<String, String> environmentVariables = Map.of();

    /** Longest command line of a build step (characters) passed directly; longer ones go through a response file beside the step's output; 0 = always. */
    @Parameter(property = "hip.commandLineLimit", defaultValue = "8000")
    int commandLineLimit;

    /** Directory of the HIP sources. */
    @Parameter(property = "hip.sourceDirectory", defaultValue = "${project.basedir}/src/main/hip")
    File sourceDirectory;

    /**
     * Source patterns under {@code sourceDirectory}; default: every {@code .cu}, {@code .hip} and {@code .cpp} file at
     * any depth. Whether a source is HIP or host-only: {@code hipSources}, {@code hostSources}.
     */
    @Parameter
    List<String> includes = List.of("**/*.cu", "**/*.hip", "**/*.cpp");

    /**
     * HIP SDK libraries the link takes by name, e.g. {@code hipblas,rocblas}: each is {@code <name>.lib} in the SDK's
     * {@code lib} directory (its origin and the DLL it imports are logged, its digest is in the stamp), linked as
     * {@code -l<name>}; {@code hipdll:verify} in the same build then allows the DLL it imports ({@code hipblas.dll}).
     */
    @Parameter(property = "hip.libraries")
    List<String> libraries = List.of();

    /**
     * Sources compiled as HIP (device and host code) whatever their extension, as patterns under
     * {@code sourceDirectory} (e.g. {@code **}{@code /*.cpp}); CMake's {@code LANGUAGE HIP}. By default {@code .hip}
     * and {@code .cu} are HIP and {@code .cpp}, {@code .cc}, {@code .cxx}, {@code .c} host-only.
     */
    @Parameter(property = "hip.hipSources")
    List<String> hipSources = List.of();

    /**
     * Sources compiled host-only (one host compile, no device code) whatever their extension, as patterns under
     * {@code sourceDirectory} (e.g. {@code host/*.cu}); {@code hipSources} wins over it.
     */
    @Parameter(property = "hip.hostSources")
    List<String> hostSources = List.of();

    /**
     * Extra include directories ({@code -I}), after {@code <sourceDirectory>/include}
     * ({@code src/main/hip/include}), which is always searched first when it exists.
     */
    @Parameter
    List<File> includeDirectories;

    /** Extra preprocessor definitions ({@code NAME} or {@code NAME=VALUE}); {@code COLI_CUDA_BUILDING_DLL} is always set. */
    @Parameter
    List<String> defines = List.of();

    /** Extra compiler arguments: link-only ones ({@code -Wl,...}, {@code -L}, {@code -l}, {@code -fuse-ld=}) go to the link step, all others to every compile step. */
    @Parameter
    List<String> compilerArgs = List.of();

    /** File name of the DLL. */
    @Parameter(property = "hip.outputName", defaultValue = "coli_hip.dll")
    String outputName;

    /** Output directory. */
    @Parameter(property = "hip.outputDirectory", defaultValue = "${project.build.directory}/hipdll")
    File outputDirectory;

    // VerifyMojo declares hip.staticRuntime too (no common superclass has exactly the two): same javadoc, SharedParametersTest
    /**
     * Whether the DLL links the static MSVC runtime: hipdll:build links it (imports stay {@code amdhip64_N.dll} +
     * {@code KERNEL32.dll}; false links the DLL runtime), hipdll:verify derives the default import allow-list from it.
     */
    @Parameter(property = "hip.staticRuntime", defaultValue = "true")
    boolean staticRuntime;

    /**
     * Timeout of each build step: whole seconds ({@code 3600}) or with a unit ({@code 90s}, {@code 10m}, {@code 1h});
     * the step's whole process tree is killed after it.
     */
    @Parameter(property = "hip.timeout", defaultValue = "3600")
    Duration timeout;

    /** Build steps run at once (device compiles of different translation units and targets, bundles, host compiles); 0 = one per core. */
    @Parameter(property = "hip.jobs", defaultValue = "0")
    int jobs;

    /** What runs the compile and link steps: {@code hipcc} (the SDK's hipcc, once per step) or {@code clang} (the SDK's clang, with the flags hipcc would add). */
    @Parameter(property = "hip.driver", defaultValue = "hipcc")
    String driver;

    /** Compress each translation unit's offload bundle ({@code CCOB}, clang's {@code --offload-compress}). */
    @Parameter(property = "hip.offloadCompress", defaultValue = "false")
    boolean offloadCompress;

    /** With {@code hip.offloadCompress}: the compressed bundle format version, 2 or 3 (older HIP runtimes read only 2; writing 3 needs LLVM 20 or later). */
    @Parameter(property = "hip.bundleVersion", defaultValue = "2")
    int bundleVersion;

    /**
     * A compiler launcher put in front of every device compile and host compile (not the bundles or the link):
     * {@code ccache}, {@code sccache}, or a path. A bare name is looked up on {@code PATH}. With it, the
     * launcher's variables ({@code CCACHE_*}, {@code SCCACHE_*}) pass the environment scrub; without it they
     * are removed. See the build cache page
     * (<a href="build-cache.html#ccache-for-each-compile-step-hipcompilerlauncher">docs/build-cache.md</a>).
     */
    @Parameter(property = "hip.compilerLauncher")
    String compilerLauncher;

    /**
     * The build cache's key of the HIP SDK and MSVC toolset ({@code sha256:...}). Set by the plugin itself when it
     * is declared with {@code <extensions>true</extensions>}: the Apache Maven Build Cache Extension then keys
     * cached DLLs by the SDK (<a href="build-cache.html#the-hip-sdk-and-the-toolset-in-the-key">docs/build-cache.md</a>).
     * When set, the build stops unless it is the key of the SDK it resolves. Not meant to be set by hand.
     */
    @Parameter(property = "hip.sdkFingerprint")
    String sdkFingerprint;

    /** Rebuild even when the build stamp says the DLL is up to date. */
    @Parameter(property = "hip.force", defaultValue = "false")
    boolean force;

    @Parameter(defaultValue = "${project.basedir}", readonly = true)
    File basedir;

    @Component
    LifecycleExecutor lifecycleExecutor;

    /** Attach the DLL (type {@code dll}), its {@code .sha256}, {@code provenance.json} and signed attestation to the project, so install/deploy publish them. */
    @Parameter(property = "hip.attach", defaultValue = "true")
    boolean attach;

    /**
     * The {@code <server>} of settings.xml that holds the key signing the DLL's attestation
     * ({@code <dll>.intoto.jsonl}, an in-toto statement with SLSA provenance in a DSSE envelope): {@code <privateKey>}
     * is the key file (PEM or PKCS#12), {@code <passphrase>} its password. Without such a server, the environment
     * variables {@code HIPDLL_SIGNING_KEY} (the key file) and {@code HIPDLL_SIGNING_KEY_PASSWORD} are used; with
     * neither, nothing is signed.
     */
    @Parameter(property = "hip.attestation.serverId", defaultValue = SigningKeySettings.DEFAULT_SERVER_ID)
    String signingServerId;

    /**
     * The keystore whose key signs the DLL with Authenticode in the build itself (jsign-core, SHA-256): a PKCS#12 or
     * JKS file (relative to the project directory), or what jsign takes for {@code hip.sign.storetype}. The DLL is
     * signed after the link and before its {@code .sha256}, {@code provenance.json}, attestation and build stamp are
     * written, so each describes the signed DLL. Unset: the DLL is not signed (sign it with another tool after the
     * build; see the release pipeline in <a href="verify.html#a-release-pipeline-build-sign-verify">docs/verify.md</a>).
     */
    @Parameter(property = "hip.sign.keystore")
    String signKeystore;

    /** The keystore's type as jsign names it ({@code PKCS12}, {@code JKS}, {@code PKCS11}, ...); unset: from the file name. */
    @Parameter(property = "hip.sign.storetype")
    String signStoretype;

    /** The alias of the code signing key in {@code hip.sign.keystore}; required with it. */
    @Parameter(property = "hip.sign.alias")
    String signAlias;

    /**
     * The keystore's password. Prefer the settings.xml server {@code hip.sign.serverId} or the variable
     * {@code HIPDLL_SIGN_STOREPASS}: Maven shows parameters in its {@code -X} output. Never logged by the plugin.
     */
    @Parameter(property = "hip.sign.storepass")
    String signStorepass;

    /** The key's password; unset: the server's {@code <passphrase>}, {@code HIPDLL_SIGN_KEYPASS}, or the keystore's. */
    @Parameter(property = "hip.sign.keypass")
    String signKeypass;

    /**
     * The RFC 3161 timestamping authority the signature is timestamped by (an http or https URL), so it stays valid
     * after the certificate expires; unset: no timestamp. {@code scripts/dev/local-tsa} serves one on the loopback.
     */
    @Parameter(property = "hip.sign.tsaUrl")
    String signTsaUrl;

    /**
     * The {@code <server>} of settings.xml holding the keystore's password ({@code <password>}) and the key's
     * ({@code <passphrase>}, default the keystore's), when {@code hip.sign.storepass} is not set; without such a
     * server, the variables {@code HIPDLL_SIGN_STOREPASS} and {@code HIPDLL_SIGN_KEYPASS}.
     */
    @Parameter(property = "hip.sign.serverId", defaultValue = AuthenticodeSettings.DEFAULT_SERVER_ID)
    String signServerId;

    /** The {@code runDetails.builder.id} of the signed attestation: a URI naming what ran the build (e.g. the CI workflow). */
    @Parameter(property = "hip.attestation.builderId", defaultValue = Attestations.DEFAULT_BUILDER_ID)
    String builderId;

    @Component
    SettingsDecrypter settingsDecrypter;

    /** Classifier of the attached DLL and its {@code .sha256}; the provenance gets {@code <classifier>-provenance}. */
    @Parameter(property = "hip.classifier", defaultValue = DllArtifact.DEFAULT_CLASSIFIER)
    String classifier;

    /**
     * Maven's reproducible-build switch: when set, the link also gets {@code -Wl,/Brepro} and the compiles path-prefix
     * maps (<a href="reproducible.html">docs/reproducible.md</a>).
     */
    @Parameter(defaultValue = "${project.build.outputTimestamp}")
    String outputTimestamp;

    /** Log a line when each build step (device compile per translation unit and gfx target, bundle, host compile, link) starts and ends; false puts them in the debug log. */
    @Parameter(property = "hip.progress", defaultValue = "true")
    boolean progress;

    /**
     * The most build steps that run at once in the whole Maven session, over every module's {@code hipdll:build}
     * (each also limited by its own {@code hip.jobs}); {@code 0}: one per core, or the first build's {@code hip.jobs}
     * when that is larger. Under {@code mvn -T 2} two modules
     * with {@code hip.jobs=2} share it instead of running four compilers on two cores.
     */
    @Parameter(property = "hip.jobs.total", defaultValue = "0")
    int jobsTotal;

    /**
     * Which ready step starts first: {@code critical-path} (the step on the longest remaining path, from each step's
     * duration when it last ran and estimates for new steps) or {@code source-order}. Does not change the DLL.
     */
    @Parameter(property = "hip.schedule", defaultValue = "critical-path")
    String schedule;

    /**
     * {@code device}: a shard build
     * (<a href="ci.html#sharded-builds-one-dll-from-many-jobs-docscihipdll-shardedyml">docs/ci.md, sharded builds</a>). Only the device compiles of the targets in
     * {@code hip.arch} run (no bundle, host compile or link); their code objects and {@code shard.json} (each step's
     * input key and each file's SHA-256; signed as {@code shard.dsse.json} when a signing key is configured, as for
     * attestations) go to {@code <hip.outputDirectory>/shard/<targets>}, zipped beside it as
     * {@code shard-<targets>.zip} and attached (type {@code zip}, classifier {@code shard-<targets>}) with
     * {@code hip.attach}. Unset: the DLL is built.
     */
    @Parameter(property = "hip.shard")
    String shard;

    /**
     * The shards a build takes device compiles from (a merge build): shard directories, shard {@code .zip} files, or
     * Maven coordinates {@code groupId:artifactId:version:classifier} of attached shards, comma-separated. A device
     * compile is taken from the first shard whose key for it equals this build's and whose file has its manifest's
     * SHA-256; the others run here. A shard built from other sources, SDK, flags or plugin version is refused with
     * the step and the input that differs.
     */
    @Parameter(property = "hip.shards")
    List<String> shards;

    /** With {@code hip.shards}: every device compile must come from a shard; one that no shard supplies fails the build. */
    @Parameter(property = "hip.shards.require", defaultValue = "false")
    boolean shardsRequire;

    // VerifyMojo declares hip.attestation.trustedKeys too (no common superclass has exactly the two): same javadoc, SharedParametersTest
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

    @Component
    org.eclipse.aether.RepositorySystem repositorySystem;

    /** Longest silence, in seconds, before a heartbeat line names every running build step. */
    @Parameter(property = "hip.heartbeatSeconds", defaultValue = "30")
    int heartbeatSeconds;

    /**
     * Control Flow Guard: host compiles get {@code -Xclang -cfguard}, the link {@code -Wl,/guard:cf} (BinSkim BA2008);
     * false: {@code -Wl,/guard:no}. Checked by hipdll:verify's {@code hardening.guard-cf}.
     */
    @Parameter(property = "hip.guardCf", defaultValue = "true")
    boolean guardCf = true;

    /** ASLR: {@code -Wl,/DYNAMICBASE}; false: {@code /DYNAMICBASE:NO} ({@code hardening.dynamic-base}). */
    @Parameter(property = "hip.dynamicBase", defaultValue = "true")
    boolean dynamicBase = true;

    /** 64-bit ASLR: {@code -Wl,/HIGHENTROPYVA}; false: {@code /HIGHENTROPYVA:NO} ({@code hardening.high-entropy-va}). */
    @Parameter(property = "hip.highEntropyVa", defaultValue = "true")
    boolean highEntropyVa = true;

    /** DEP: {@code -Wl,/NXCOMPAT}; false: {@code /NXCOMPAT:NO} ({@code hardening.nx-compat}). */
    @Parameter(property = "hip.nxCompat", defaultValue = "true")
    boolean nxCompat = true;

    /** CET shadow-stack compatible: {@code -Wl,/CETCOMPAT}; false: {@code /CETCOMPAT:NO} ({@code hardening.cet-compat}). */
    @Parameter(property = "hip.cetCompat", defaultValue = "true")
    boolean cetCompat = true;

    /**
     * FORCE_INTEGRITY: {@code -Wl,/INTEGRITYCHECK}, so Windows loads the DLL only when its Authenticode signature
     * verifies; only for a DLL that is signed before it ships ({@code hardening.force-integrity}).
     */
    @Parameter(property = "hip.forceIntegrity", defaultValue = "false")
    boolean forceIntegrity;

    @Parameter(defaultValue = "${project}", readonly = true)
    MavenProject project;

    @Parameter(defaultValue = "${plugin}", readonly = true)
    PluginDescriptor plugin;

    @Component
    MavenProjectHelper projectHelper;

    @Override
    String goal() {
        return "build";
    }

    /** Skip hipdll:build only ({@code hip.skip} skips every goal). */
    @Parameter(property = "hip.build.skip", defaultValue = "false")
    boolean skipBuild;

    @Override
    boolean goalSkip() {
        return skipBuild;
    }

    @Override
    void run() throws MojoExecutionException, MojoFailureException {
        // Hooks: every parameter checked before anything changes, then one build at a time per
        // output directory (OutputLock); a lock whose stamp waits for hipdll:verify is handed to verify.
        checkParameters();
        OutputLock lock;
        boolean takenOver = OutputLockHandover.handedOver(outputDirectory.toPath(), getPluginContext());
        try {
            OutputDirectory.prepare(outputDirectory.toPath(), "output directory", "hip.outputDirectory");
            lock = OutputLockHandover.acquire(outputDirectory.toPath(), "pid " + ProcessHandle.current().pid() + " ("
                    + (project == null ? "" : project.getId() + ", ") + "hipdll:build)", line -> getLog().info(line),
                    getPluginContext());
        } catch (UnwritableDirectoryException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("cannot lock the output directory " + outputDirectory + ": "
                    + IoProblem.describe(e), e);
        }
        if (lock.contended() && !takenOver) { // only after "waiting for another build ...": an uncontended lock says nothing
            getLog().info("the other build finished; went on after " + lock.waited().toMillis() + " ms");
        }
        OutputLockHandover.runHolding(outputDirectory.toPath(), lock, this::build,
                () -> Files.exists(new StampStore(outputDirectory.toPath().resolve(outputName)).pendingFile()),
                getPluginContext(), getLog());
    }

    /** The parameter checks made before anything changes. */
    private void checkParameters() throws MojoFailureException {
        if (arch == null || arch.isBlank()) {
            throw parameterError("hip.arch: no gfx target ID given; set -Dhip.arch=<gfx target IDs, comma-separated,"
                    + " e.g. gfx1151> or <arch> in the plugin's configuration");
        }
        try {
            new NumericParameters()
                    .range("hip.timeout", timeout == null ? 0 : timeout.getSeconds(), 1, Integer.MAX_VALUE, "seconds")
                    .atLeast("hip.heartbeatSeconds", heartbeatSeconds, 1, "seconds")
                    .atLeast("hip.commandLineLimit", commandLineLimit, 0, "characters; 0: always a response file")
                    .range("hip.jobs", jobs, 0, 4096, "steps at once; 0: one per core")
                    .range("hip.jobs.total", jobsTotal, 0, 4096, "steps at once in the Maven session; 0: one per core")
                    .range("hip.bundleVersion", bundleVersion, 2, 3, "the compressed offload bundle format")
                    .check();
            OutputName.check(outputName, "hip.outputName");
            if (shard != null && !shard.isBlank() && !"device".equals(shard.strip())) {
                throw new ParameterException("hip.shard: '" + shard + "' is no shard kind; expected 'device' (a shard"
                        + " build of the device compiles) or unset");
            }
            if (isShard() && !ShardInputs.none(shards)) {
                throw new ParameterException("hip.shard=device builds a shard and hip.shards merges shards: set one");
            }
            Schedule.parse(schedule);
            Driver.parse(driver);
        } catch (ParameterException | IllegalArgumentException e) {
            throw parameterError(e.getMessage());
        }
    }

    /** The build: the parameters mapped to one core request, run as a shard or a DLL build, its result recorded. */
    private void build() throws MojoExecutionException, MojoFailureException {
        warnWhenTheBuildCacheCannotSeeTheSdk();
        // read before anything is built: a configured key that cannot sign fails the build at once
        Optional<SigningKey> signingKey = SigningKeySettings.load(session == null ? null : session.getSettings(),
                settingsDecrypter, signingServerId, host().environment(), basedir.toPath());
        signingKey.ifPresent(k -> getLog().info("attestation: signing with " + k));
        DllArtifact artifact;
        try {
            artifact = attach ? new DllArtifact(classifier) : null;
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException(e.getMessage());
        }
        // the Authenticode key (hip.sign.*): a configured one that is incomplete fails before anything is built
        Optional<AuthenticodeSigning> authenticode = AuthenticodeSettings.load(new AuthenticodeSettings.Parameters(
                signKeystore, signStoretype, signAlias, signStorepass, signKeypass, signTsaUrl, signServerId),
                session == null ? null : session.getSettings(), settingsDecrypter, host().environment(),
                basedir.toPath());
        authenticode.ifPresent(a -> getLog().info("Authenticode: signing the DLL in the build with " + a.describe()));
        // the one trust policy of this run: shards and restored step records are taken as it says
        HipDllBuildRequest request = request().withTrust(trustPolicy()).withAuthenticode(authenticode);
        int cores = Runtime.getRuntime().availableProcessors();
        HipDllBuild engine = new HipDllBuild(SessionJobBudget.of(session, jobsTotal == 0
                ? Math.max(cores, request.options().jobs()) : jobsTotal, getLog()::warn))
                .withSigning(new BuildSigning(signingKey, builderId, SigningKeySettings.hint(signingServerId, session)));
        MavenBuildListener listener = new MavenBuildListener(getLog(),
                MavenBuildListener.githubWorkspace(host().environment().toMap(), basedir.toPath()), System.out);
        if (isShard()) {
            buildShard(engine, request, listener);
            return;
        }
        engine = engine.withShards(shardSet(request));
        BuiltDllContext.record(project, request.output());  // hipdll:verify/load-check check the file this build writes
        try {
            HipDllBuildResult built = engine.run(request, this::verifyFollows, listener);
            BuiltDllContext.recordLibraryDlls(project, built.libraryDlls());
            if (!built.upToDate() && built.unvouched().isEmpty()) {
                // verify: this DLL needs no attestation to be trusted; not one holding unsigned shards' device code
                BuiltDllContext.recordLinked(project, built.dll());
            }
            if (artifact != null) {
                ArtifactAttacher.attach(project, projectHelper, artifact, built, built.attestation(), getLog());
            }
        } catch (BuildFailedException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("cannot write the build output in " + outputDirectory + ": "
                    + IoProblem.describe(e), e);
        }
    }

    /** The parameters as the core's one request; a refused value fails the goal naming its parameter. */
    private HipDllBuildRequest request() throws MojoFailureException {
        try {
            List<String> problems = new ArrayList<>();
            List<HipToolchain> toolchains = HipToolchains.read(session, problems);
            problems.forEach(getLog()::warn);
            return new BuildRequestBuilder()
                    // the signing variables stay out of every compiler step's environment
                    .host(AuthenticodeSettings.withoutPasswordVariables(
                            SigningKeySettings.withoutSigningVariables(host())))
                    .sdk(new SdkOverrides(path(sdkRoot), path(hipcc), path(clangDir), path(includeDir), path(libDir),
                            path(deviceLibDir), path(runtimeDll), CommandLineProperties.places(session, basedir,
                            project == null ? null : project.getProperties(), overrideValues())))
                    .toolchains(toolchains, toolchainVersion)
                    .msvc(new MsvcRequest(path(vsInstallDir), vcToolsVersion, windowsSdkVersion, path(windowsSdkDir)))
                    .environment(scrubVariables, keepVariables, environmentVariables)
                    .sources(sourceDirectory.toPath(), sources(), includes).includeDirectories(includeDirs())
                    .defines(defines).compilerArgs(compilerArgs).languages(new SourceLanguages(hipSources, hostSources))
                    .libraries(libraries).arch(arch).output(outputDirectory.toPath().resolve(outputName))
                    .staticRuntime(staticRuntime).driver(Driver.parse(driver)).jobs(jobs)
                    .bundleVersion(offloadCompress ? Optional.of(bundleVersion) : Optional.empty()).timeout(timeout)
                    .heartbeat(Duration.ofSeconds(heartbeatSeconds)).commandLineLimit(commandLineLimit).force(force)
                    .progress(progress).outputTimestamp(outputTimestamp).compilerLauncher(compilerLauncher)
                    .sdkFingerprint(sdkFingerprint).schedule(Schedule.parse(schedule))
                    .hardening(new HardeningFlags(guardCf, dynamicBase, highEntropyVa, nxCompat, cetCompat,
                            forceIntegrity))
                    .project(basedir.toPath(), buildDirectory())
                    .plugin(new StampContext(mojoExecution == null ? "unknown" : mojoExecution.getVersion(),
                            plugin.getId()))
                    .recordKey(recordKeyFile())
                    .build();
        } catch (InvalidTargetException e) {
            throw parameterError("hip.arch: " + e.getMessage());
        } catch (IllegalArgumentException | EnvironmentException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }

    /** {@code hip.attestation.trustedKeys} as the run's trust policy; a key that cannot be read fails the goal. */
    private dev.hipdll.trust.TrustPolicy trustPolicy() throws MojoFailureException {
        if (trustedKeys == null || trustedKeys.isEmpty()) {
            return dev.hipdll.trust.TrustPolicy.none();
        }
        try {
            return dev.hipdll.trust.TrustPolicy.none().withTrustedKeys(
                    dev.hipdll.attestation.TrustedKeys.load(trustedKeys.stream().map(File::toPath).toList()));
        } catch (AttestationException e) {
            throw new MojoFailureException("hip.attestation.trustedKeys: " + e.getMessage());
        }
    }

    /**
     * Where this user's step record key lives ({@link dev.hipdll.trust.MachineKey#defaultFile}), else under the JVM's
     * {@code user.home} (the mojo is where the process is read).
     */
    private Optional<Path> recordKeyFile() {
        Optional<Path> f = dev.hipdll.trust.MachineKey.defaultFile(host());
        String home = System.getProperty("user.home");
        return f.isPresent() || home == null || home.isBlank() ? f
                : Optional.of(Path.of(home, ".cache", "hipdll", dev.hipdll.trust.MachineKey.FILE_NAME));
    }

    private boolean isShard() {
        return shard != null && "device".equals(shard.strip());
    }

    /** hip.shard=device: the device compiles only, published as a shard directory and zip (attached). */
    private void buildShard(HipDllBuild engine, HipDllBuildRequest request, MavenBuildListener listener)
            throws MojoExecutionException, MojoFailureException {
        try {
            dev.hipdll.shard.ShardResult s = engine.runShard(request, listener);
            BuiltDllContext.recordShard(project, s.directory());
            String classifier = "shard-" + s.directory().getFileName();
            if (attach && project != null && projectHelper != null) {
                projectHelper.attachArtifact(project, "zip", classifier, s.zip().toFile());
                getLog().info("shard zip " + s.zip() + " attached: type zip, classifier " + classifier);
            }
        } catch (BuildFailedException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("cannot write the shard in " + outputDirectory + ": "
                    + IoProblem.describe(e), e);
        }
    }

    /** The shards of hip.shards, read and (with trusted keys) authenticated before anything runs. */
    private dev.hipdll.shard.ShardSet shardSet(HipDllBuildRequest request) throws MojoFailureException,
            MojoExecutionException {
        if (ShardInputs.none(shards) && !shardsRequire) {
            return dev.hipdll.shard.ShardSet.NONE;
        }
        try {
            List<dev.hipdll.attestation.TrustedKey> trusted = request.trust().trustedKeys();
            List<String> names = new ArrayList<>();
            List<Path> dirs = ShardInputs.directories(shards == null ? List.of() : shards, basedir.toPath(),
                    request.outputDirectory().resolve("shards-in"), repositorySystem,
                    session == null ? null : session.getRepositorySession(),
                    project == null ? List.of() : project.getRemoteProjectRepositories(), names, trusted);
            return dev.hipdll.shard.ShardSet.load(dirs, names, trusted, shardsRequire, request.stamp().pluginVersion());
        } catch (dev.hipdll.shard.ShardException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("cannot unpack a shard: " + IoProblem.describe(e), e);
        }
    }

    /**
     * The Apache Maven Build Cache Extension in {@code .mvn/extensions.xml} but no {@code sdkFingerprint}: the
     * plugin is not declared with {@code <extensions>true</extensions>}, so the cache key misses the HIP SDK
     * (docs/build-cache.md). Says so as a warning.
     */
    private void warnWhenTheBuildCacheCannotSeeTheSdk() {
        if (session == null || session.getRequest() == null || session.getRequest().getMultiModuleProjectDirectory() == null) {
            return;
        }
        Path extensions = session.getRequest().getMultiModuleProjectDirectory().toPath().resolve(".mvn/extensions.xml");
        String mavenVersion = BuildCacheMaven.version(session);
        if (!BuildCacheMaven.extensionActive(mavenVersion)) {
            if (configuresTheBuildCache(extensions)) {
                getLog().debug(BuildCacheMaven.inactive(mavenVersion));
            }
            return;
        }
        buildCacheWarnings(extensions, project == null ? null : project.getPackaging(), sdkFingerprint != null)
                .forEach(getLog()::warn);
    }

    /**
     * {@link #buildCacheWarnings(Path, String, boolean)} on Maven {@code mavenVersion}: none on a Maven older
     * than 3.9, where the extension disables itself ({@link BuildCacheMaven#extensionActive}).
     */
    static List<String> buildCacheWarnings(Path extensions, String packaging, boolean hasSdkFingerprint,
                                           String mavenVersion) {
        return BuildCacheMaven.extensionActive(mavenVersion) ? buildCacheWarnings(extensions, packaging, hasSdkFingerprint)
                : List.of();
    }

    /** Whether {@code extensions} (a {@code .mvn/extensions.xml}) names the Build Cache Extension; false when unreadable. */
    static boolean configuresTheBuildCache(Path extensions) {
        try {
            return Files.isRegularFile(extensions) && Files.readString(extensions).contains("maven-build-cache-extension");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * What to warn about a build cached by the Apache Maven Build Cache Extension, when {@code extensions}
     * (the build's {@code .mvn/extensions.xml}) configures it: a {@code pom}-packaged module, whose sources
     * the extension does not hash (an edited source restores the old DLL), and a build without
     * {@code sdkFingerprint} (the plugin not declared as an extension: the key misses the HIP SDK). Empty
     * without the extension, or when the file cannot be read.
     */
    static List<String> buildCacheWarnings(Path extensions, String packaging, boolean hasSdkFingerprint) {
        if (!configuresTheBuildCache(extensions)) {
            return List.of();
        }
        List<String> warnings = new java.util.ArrayList<>();
        if ("pom".equals(packaging)) {
            warnings.add("the Build Cache Extension is configured (" + extensions + ") and this module has <packaging>pom"
                    + "</packaging>: the extension hashes no source files of a pom module, so an edited source restores"
                    + " the old DLL; use jar packaging (docs/build-cache.md, Limits)");
        }
        if (!hasSdkFingerprint) {
            warnings.add("the Build Cache Extension is configured (" + extensions + ") but the HIP SDK is not in its"
                    + " key: declare hipdll-maven-plugin with <extensions>true</extensions> (docs/build-cache.md),"
                    + " or a machine with another SDK restores this machine's DLL");
        }
        return warnings;
    }

    private Path buildDirectory() {
        return project == null || project.getBuild() == null ? basedir.toPath().resolve("target")
                : Path.of(project.getBuild().getDirectory());
    }

    /**
     * Whether hipdll:verify of this plugin runs after this execution in the current Maven build (then the
     * stamp waits for it). Asks Maven for the build's execution plan; when that fails, assumes it does.
     */
    private boolean verifyFollows() {
        if (session == null || mojoExecution == null || lifecycleExecutor == null) {
            return false;
        }
        try {
            MavenExecutionPlan plan = lifecycleExecutor.calculateExecutionPlan(session, false,
                    session.getGoals().toArray(new String[0]));
            boolean after = false;
            for (MojoExecution m : plan.getMojoExecutions()) {
                boolean samePlugin = mojoExecution.getGroupId().equals(m.getGroupId())
                        && mojoExecution.getArtifactId().equals(m.getArtifactId());
                if (samePlugin && m.getGoal().equals(mojoExecution.getGoal())
                        && m.getExecutionId().equals(mojoExecution.getExecutionId())) {
                    after = true;
                } else if (after && samePlugin && "verify".equals(m.getGoal())) {
                    return true;
                }
            }
            return false;
        } catch (Exception e) {
            getLog().warn("cannot tell whether hipdll:verify runs in this build (" + e.getMessage()
                    + "); the build stamp stays pending until it passes");
            return true;
        }
    }

    private List<Path> sources() throws MojoFailureException {
        if (!sourceDirectory.isDirectory()) {
            throw new MojoFailureException("source directory " + sourceDirectory + " does not exist (hip.sourceDirectory)");
        }
        // A walk safe against link cycles, each real file once
        SourceScan scan;
        try {
            scan = new SourceScanner(includes).scan(sourceDirectory.toPath());
        } catch (SourceScanException e) {
            throw new MojoFailureException(e.getMessage());
        }
        scan.notes().forEach(getLog()::warn);
        List<Path> result = scan.files();
        if (result.isEmpty()) {
            throw new MojoFailureException("no HIP sources matching " + includes + " in " + sourceDirectory);
        }
        return result;
    }

    private List<Path> includeDirs() {
        return IncludeDirectories.of(sourceDirectory.toPath(),
                includeDirectories == null ? List.of() : includeDirectories.stream().map(File::toPath).toList());
    }


    /** The SDK component overrides by property name, for telling -D from POM in their origins. */
    private Map<String, File> overrideValues() {
        Map<String, File> m = new LinkedHashMap<>();
        m.put("hip.sdkRoot", sdkRoot);
        m.put("hip.hipcc", hipcc);
        m.put("hip.clangDir", clangDir);
        m.put("hip.includeDir", includeDir);
        m.put("hip.libDir", libDir);
        m.put("hip.deviceLibDir", deviceLibDir);
        m.put("hip.runtimeDll", runtimeDll);
        return m;
    }
}
