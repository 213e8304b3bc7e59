package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.process.ProcessRunner;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.Origin;
import dev.hipdll.sdk.SdkComponent;
import dev.hipdll.target.GfxTargetList;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fake hipcc that announces a device compile and then stays silent for 2 s: with a 400 ms
 * heartbeat the build log gets heartbeat lines naming the running step, never more than one
 * interval apart (plus scheduling slack on a busy machine), then the step's finish line.
 */
class SlowHipccProgressTest {
    @TempDir
    Path dir;

    @Test
    void heartbeatWhileTheCompilerIsSilent() throws Exception {
        Path hipcc = dir.resolve("sdk/bin/hipcc");
        Files.createDirectories(hipcc.getParent());
        Files.writeString(hipcc, """
                #!/bin/bash
                echo ' "/sdk/lib/llvm/bin/clang" -cc1 -triple amdgcn-amd-amdhsa -main-file-name slow.cu -target-cpu gfx1151' >&2
                sleep 2
                echo ' "/sdk/lib/llvm/bin/clang" -cc1 -triple x86_64-pc-windows-msvc -main-file-name slow.cu' >&2
                out="${@: -1}"
                cp "$(dirname "$0")/good.dll" "$out"
                """);
        Files.write(hipcc.resolveSibling("good.dll"), new dev.hipdll.testing.MiniPe().build());
        Files.setPosixFilePermissions(hipcc, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path sdkDir = dir.resolve("sdk");
        Origin o = new Origin("test");
        HipSdk sdk = new HipSdk(new SdkComponent("root", sdkDir, o), new SdkComponent("hipcc", hipcc, o),
                new SdkComponent("clangDir", sdkDir.resolve("lib/llvm/bin"), o), new SdkComponent("includeDir", sdkDir.resolve("include"), o),
                new SdkComponent("libDir", sdkDir.resolve("lib"), o), new SdkComponent("deviceLibDir", sdkDir.resolve("bc"), o),
                new SdkComponent("runtimeDll", sdkDir.resolve("bin/amdhip64_7.dll"), o), "test");
        Path project = Files.createDirectories(dir.resolve("project"));
        Path source = Files.writeString(project.resolve("slow.cu"), "// slow\n");
        CompileRequest request = new CompileRequest(sdk, GfxTargetList.parse("gfx1151"), List.of(source), List.of(),
                List.of(), List.of("-v"), true, project.resolve("target/hipdll/coli_hip.dll"));

        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        List<Long> at = Collections.synchronizedList(new ArrayList<>());
        long t0 = System.nanoTime();
        Duration interval = Duration.ofMillis(400);
        try (Progress progress = new Progress(l -> {
            lines.add(l);
            at.add(System.nanoTime() - t0);
        }, interval, System::nanoTime).start()) {
            new HipDllBuilder(new ProcessRunner(Duration.ofSeconds(60)))
                    .build(request, Map.of("PATH", "/usr/bin:/bin"), project, progress::accept);
        }
        assertEquals("started  slow.cu [gfx1151]", lines.get(0), lines.toString());
        List<Integer> beats = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("still running: slow.cu [gfx1151]")) {
                beats.add(i);
            }
        }
        assertTrue(beats.size() >= 4, "expected at least 4 heartbeats in 2 s of silence: " + lines);
        long maxGap = interval.toNanos() + 150_000_000L; // scheduler slack on a busy machine
        for (int i = 1; i < beats.size(); i++) {
            long gap = at.get(beats.get(i)) - at.get(beats.get(i - 1));
            assertTrue(gap <= maxGap, "heartbeats " + gap / 1_000_000 + " ms apart: " + lines);
        }
        assertTrue(lines.stream().anyMatch(l -> l.matches("finished slow\\.cu \\[gfx1151\\] in [0-9.]+ s")), lines.toString());
        assertTrue(lines.contains("started  slow.cu [host]"), lines.toString());
        assertTrue(Files.isRegularFile(request.output()));
    }
}
