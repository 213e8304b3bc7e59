package dev.hipdll.windowstier;

import dev.hipdll.pipeline.BuildRequestBuilder;
import dev.hipdll.pipeline.HipDllBuild;
import dev.hipdll.pipeline.HipDllBuildRequest;
import dev.hipdll.pipeline.HipDllBuildResult;
import dev.hipdll.pipeline.StampContext;
import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.compile.Driver;
import dev.hipdll.host.Host;
import dev.hipdll.msvc.MsvcRequest;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.testing.StandinBuild;
import dev.hipdll.testing.StepLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

/**
 * One {@code hipdll:build} of a copy of the example backend, as the mojo runs it but without Maven, on
 * the Windows tier's real host: {@link HipDllBuild} with the host of {@link WindowsTier#host()}, the SDK
 * given as {@code hip.sdkRoot} (HIP_PATH names the decoy), the toolset pinned to 14.44. The log lines
 * are collected.
 */
final class TierBuild {
    final Path project;
    Path sdk = WindowsTier.SDK;
    String arch = "gfx1151,gfx1100";
    Driver driver = Driver.HIPCC;
    int jobs = 2;
    String vcToolsVersion = "14.44";
    String outputTimestamp = "2026-01-01T00:00:00Z";
    Duration timeout = Duration.ofMinutes(10);
    int commandLineLimit = 8000;
    List<String> compilerArgs = List.of();
    Host host = WindowsTier.host();
    /** A merge build's shards ({@code hip.shards}); none by default. */
    dev.hipdll.shard.ShardSet shards = dev.hipdll.shard.ShardSet.NONE;
    final List<String> log = Collections.synchronizedList(new ArrayList<>());

    TierBuild(Path project) {
        this.project = project;
    }

    /** Copies the example's sources (src/main/hip) into the project. */
    TierBuild withExample() throws IOException {
        WindowsTier.copyTree(WindowsTier.example().resolve("src/main/hip"), sources());
        return this;
    }

    Path sources() {
        return project.resolve("src").resolve("main").resolve("hip");
    }

    Path dll() {
        return project.resolve("target").resolve("hipdll").resolve("coli_hip.dll");
    }

    HipDllBuildRequest request() throws IOException {
        Path hip = sources();
        List<Path> units;
        try (Stream<Path> s = Files.list(hip)) {
            units = s.filter(p -> p.toString().endsWith(".cu")).sorted().toList();
        }
        try {
            return new BuildRequestBuilder().host(host).sdk(new SdkOverrides(sdk, null, null, null, null, null, null))
                    .msvc(new MsvcRequest(null, vcToolsVersion, null, null)).sources(hip, units, List.of())
                    .includeDirectories(List.of(hip.resolve("include"))).compilerArgs(compilerArgs).arch(arch)
                    .output(dll()).driver(driver).jobs(jobs).timeout(timeout).commandLineLimit(commandLineLimit)
                    .outputTimestamp(outputTimestamp).project(project, project.resolve("target"))
                    .plugin(new StampContext("test", "dev.hipdll:windows-tier:1")).build();
        } catch (dev.hipdll.host.EnvironmentException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Builds holding the output directory's lock as the build goal does ({@code OutputLock}: a lock file under
     * Windows' LockFileEx, waited for when another build holds it).
     */
    HipDllBuildResult buildLocked() throws IOException, BuildFailedException {
        Path dir = dll().getParent();
        try (dev.hipdll.io.OutputLock lock = dev.hipdll.io.OutputLock.acquire(dir, "pid " + ProcessHandle.current().pid(),
                log::add)) {
            return build();
        }
    }

    /** Builds; the log of this build only is kept in {@link #log}. */
    HipDllBuildResult build() throws IOException, BuildFailedException {
        log.clear();
        // a build still running after 3 minutes writes every thread's stack to target\stacks.txt (the Windows
        // JRE has no jstack): a hung test shows where it hangs
        java.util.Timer watchdog = new java.util.Timer("tier-build-watchdog", true);
        watchdog.schedule(new java.util.TimerTask() {
            @Override
            public void run() {
                StringBuilder sb = new StringBuilder();
                Thread.getAllStackTraces().forEach((t, st) -> {
                    sb.append(t.getName()).append('\n');
                    for (StackTraceElement e : st) {
                        sb.append("    at ").append(e).append('\n');
                    }
                });
                try {
                    Files.createDirectories(project.resolve("target"));
                    Files.writeString(project.resolve("target").resolve("stacks.txt"), sb);
                } catch (IOException e) {
                    // a diagnostic only
                }
            }
        }, 180_000);
        try {
            return run();
        } finally {
            watchdog.cancel();
        }
    }

    private HipDllBuildResult run() throws IOException, BuildFailedException {
        StandinBuild.Lines lines = new StandinBuild.Lines();
        try {
            return new HipDllBuild().withShards(shards).run(request(), () -> false, lines);
        } finally {
            log.addAll(lines.all());
        }
    }

    /** A shard build ({@code hip.shard=device}) of {@link #arch}; the log of this build only is kept in {@link #log}. */
    dev.hipdll.shard.ShardResult shard() throws IOException, BuildFailedException {
        log.clear();
        StandinBuild.Lines lines = new StandinBuild.Lines();
        try {
            return new HipDllBuild().runShard(request(), lines);
        } finally {
            log.addAll(lines.all());
        }
    }

    /** The steps that ran in the last build ("device compile backend_cuda.cu [gfx1151]", ...), sorted. */
    List<String> ran() {
        return StepLog.ran(log);
    }
}
