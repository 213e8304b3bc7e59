package dev.hipdll.pipeline;

import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.compile.Driver;
import dev.hipdll.host.EnvironmentException;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.testing.Toolchain;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The core build ({@link HipDllBuild}) of a copy of the example backend with the stand-in SDK, as
 * {@code hipdll:build} runs it but without Maven; the log lines are collected.
 */
final class CoreBuild {
    final Path project;
    Path sdk = Toolchain.standinSdk();
    String arch = "gfx1151";
    Driver driver = Driver.HIPCC;
    int jobs = 2;
    /** The file name endings of the translation units taken from the source directory. */
    List<String> unitSuffixes = List.of(".cu");
    /** Which units are HIP and which host-only. */
    dev.hipdll.compile.SourceLanguages languages = dev.hipdll.compile.SourceLanguages.BY_EXTENSION;
    /** {@code hip.commandLineLimit}: 0 passes every command through a response file. */
    int commandLineLimit = 8000;
    String outputTimestamp;
    Optional<Integer> bundleVersion = Optional.empty();
    List<String> compilerArgs = List.of();
    /** {@code hip.compilerLauncher}, or null. */
    String compilerLauncher;
    /** Variables added to the host environment (e.g. CCACHE_DIR). */
    final Map<String, String> extraEnv = new TreeMap<>();
    /** {@code keepVariables}. */
    List<String> keepVariables = List.of();
    final List<String> log = Collections.synchronizedList(new ArrayList<>());
    /** A merge build's shards. */
    dev.hipdll.shard.ShardSet shards = dev.hipdll.shard.ShardSet.NONE;
    /** The plugin version the stamp and a shard's manifest name. */
    String pluginVersion = "test";
    /** The run's trust policy: {@code hip.attestation.trustedKeys}. */
    dev.hipdll.trust.TrustPolicy trust = dev.hipdll.trust.TrustPolicy.none();
    /** The key a DLL build signs its attestation (and step records) with; empty: unsigned. */
    Optional<dev.hipdll.attestation.SigningKey> signingKey = Optional.empty();
    /** How the build signs the DLL with Authenticode ({@code hip.sign.*}); empty: not signed. */
    Optional<dev.hipdll.signing.AuthenticodeSigning> authenticode = Optional.empty();
    /** Whether hipdll:verify follows the build (the stamp is then pending until it passes). */
    boolean awaitVerify;
    /** The last DLL build's result. */
    HipDllBuildResult result;

    CoreBuild(Path project) {
        this.project = project;
    }

    /** Copies the example's sources (src/main/hip) into the project. */
    CoreBuild withExample() throws IOException {
        dev.hipdll.testing.Trees.copy(Toolchain.exampleDir().resolve("src/main/hip"), project.resolve("src/main/hip"));
        return this;
    }

    Path dll() {
        return project.resolve("target/hipdll/coli_hip.dll");
    }

    Path sources() {
        return project.resolve("src/main/hip");
    }

    HipDllBuildRequest request() throws IOException {
        Path hip = sources();
        List<Path> units;
        try (Stream<Path> s = Files.list(hip)) {
            units = s.filter(p -> unitSuffixes.stream().anyMatch(x -> p.toString().endsWith(x))).sorted().toList();
        }
        Map<String, String> env = new TreeMap<>(Map.of("PATH", "/usr/bin:/bin", "HOME", project.toString(), "TMPDIR",
                System.getProperty("java.io.tmpdir")));
        env.putAll(extraEnv);
        try {
            return new BuildRequestBuilder().host(Host.of(OsFamily.UNIX, env))
                    .sdk(new SdkOverrides(sdk, null, null, null, null, null, null))
                    .environment(List.of(), keepVariables, Map.of()).compilerLauncher(compilerLauncher)
                    .sources(hip, units, List.of()).includeDirectories(List.of(hip.resolve("include")))
                    .compilerArgs(compilerArgs).languages(languages).arch(arch).output(dll()).driver(driver).jobs(jobs)
                    .bundleVersion(bundleVersion).timeout(Duration.ofMinutes(10)).commandLineLimit(commandLineLimit)
                    .outputTimestamp(outputTimestamp).project(project, project.resolve("target"))
                    .plugin(new StampContext(pluginVersion, "dev.hipdll:test:1")).build();
        } catch (EnvironmentException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Builds; the log of this build only is returned. */
    List<String> build() throws IOException, BuildFailedException {
        log.clear();
        result = new HipDllBuild().withShards(shards).withSigning(new BuildSigning(signingKey,
                dev.hipdll.attestation.Attestations.DEFAULT_BUILDER_ID, "no key")).run(request().withTrust(trust)
                .withAuthenticode(authenticode), () -> awaitVerify, listener());
        return List.copyOf(log);
    }

    /** A shard build (hip.shard=device) of this project's targets; the log of this build only is kept. */
    dev.hipdll.shard.ShardResult shard(Optional<dev.hipdll.attestation.SigningKey> key)
            throws IOException, BuildFailedException {
        log.clear();
        return new HipDllBuild().withSigning(new BuildSigning(key, dev.hipdll.attestation.Attestations.DEFAULT_BUILDER_ID,
                "no key")).runShard(request(), listener());
    }

    private BuildListener listener() {
        return new BuildListener() {
            @Override
            public void info(String line) {
                log.add(line);
            }

            @Override
            public void warn(String line) {
                log.add("WARN " + line);
            }

            @Override
            public void debug(String line) {
            }
        };
    }

    /** The steps that really ran in the last build, as "device compile x.cu [gfx1151]" etc. (from the log). */
    List<String> ran() {
        return dev.hipdll.testing.StepLog.ran(log);
    }

    /** The reason logged for a step that ran. */
    String reason(String step) {
        String prefix = ": " + step + " (";
        return log.stream().filter(l -> l.startsWith("step ") && l.contains(prefix) && !l.contains(" reused ("))
                .map(l -> l.substring(l.indexOf(prefix) + prefix.length(), l.length() - 1)).findFirst()
                .orElseThrow(() -> new AssertionError(step + " did not run: " + log));
    }
}
