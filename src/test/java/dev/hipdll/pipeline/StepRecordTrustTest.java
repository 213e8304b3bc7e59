package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Await;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step record is never trusted beyond what the step really compiled (found by a probe of the step
 * graph): a header edited while its compile runs makes the step and the DLL run again next time (the
 * build said "up to date" over stale device code); a project copied with its {@code target/} to another
 * directory compiles the copy's sources, not the original's; odd unit names (a directory named like the
 * bundler's empty host file, a {@code %} that lld's temporary names rewrite) build.
 */
class StepRecordTrustTest {
    @TempDir
    Path dir;

    @Test
    void aHeaderEditedWhileItsCompileRunsIsCompiledAgainNextTime() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        // a copy of the stand-in SDK whose hipcc holds the device compile of cuda_chain.cu until the test edited a header
        Path sdk = dir.resolve("sdk");
        Process cp = new ProcessBuilder("cp", "-a", Toolchain.standinSdk().toString(), sdk.toString()).inheritIO().start();
        assertEquals(0, cp.waitFor());
        Path started = dir.resolve("device-compile-started");
        Path go = dir.resolve("header-edited");  // the compile ends once the test has edited the header
        Path hipcc = sdk.resolve("bin/hipcc");
        Files.move(hipcc, sdk.resolve("bin/hipcc.real"));
        Files.writeString(hipcc, "#!/bin/bash\ncase \" $* \" in *cuda_chain.cu*--offload-device-only*|*--offload-device-only*cuda_chain.cu*)\n"
                + "  \"$(dirname \"$0\")/hipcc.real\" \"$@\"; rc=$?; touch '" + started + "'\n"
                + "  for i in $(seq 3000); do [[ -f '" + go + "' ]] && break; sleep 0.1; done; exit $rc ;;\nesac\n"
                + "exec \"$(dirname \"$0\")/hipcc.real\" \"$@\"\n");
        Files.setPosixFilePermissions(hipcc, PosixFilePermissions.fromString("rwxr-xr-x"));
        CoreBuild b = new CoreBuild(dir.resolve("proj")).withExample();
        b.sdk = sdk;
        b.jobs = 1;
        Path ops = b.sources().resolve("include/ops.h");
        CompletableFuture<List<String>> build = CompletableFuture.supplyAsync(() -> {
            try {
                return b.build();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Await.until(() -> Files.exists(started) || build.isDone(), "the device compile of cuda_chain.cu to start");
        assertTrue(Files.exists(started), "the device compile did not start");
        Files.writeString(ops, Files.readString(ops) + "\n#define EDITED_WHILE_COMPILING 1\n");
        Files.writeString(go, "");
        List<String> log = build.get(10, TimeUnit.MINUTES);  // a hang guard
        assertTrue(log.stream().anyMatch(l -> l.startsWith("WARN device compile cuda_chain.cu [gfx1151]: header include/ops.h"
                + " changed while it ran")), log.toString());
        assertTrue(log.stream().anyMatch(l -> l.startsWith("WARN not stamped: ")), log.toString());
        assertFalse(Files.exists(b.dll().resolveSibling("coli_hip.dll.stamp.json")));
        Files.delete(started);
        b.build();
        assertTrue(b.ran().contains("device compile cuda_chain.cu [gfx1151]"), "the edited header was not compiled: " + b.log);
        assertTrue(b.log.stream().noneMatch(l -> l.startsWith("WARN")), b.log.toString());
        b.build();
        assertTrue(b.log.stream().anyMatch(l -> l.contains("is up to date")), b.log.toString());
    }

    @Test
    void aCopiedProjectCompilesItsOwnSources() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        CoreBuild a = new CoreBuild(dir.resolve("original")).withExample();
        a.build();
        Path copy = dir.resolve("copy");
        Process cp = new ProcessBuilder("cp", "-a", a.project.toString(), copy.toString()).inheritIO().start();
        assertEquals(0, cp.waitFor());
        CoreBuild c = new CoreBuild(copy);
        Path chain = c.sources().resolve("cuda_chain.cu");
        Files.writeString(chain, Files.readString(chain) + "\n// edited in the copy\n");
        c.build();
        assertTrue(c.ran().contains("device compile cuda_chain.cu [gfx1151]"), c.log.toString());
        assertEquals("source cuda_chain.cu changed", c.reason("device compile cuda_chain.cu [gfx1151]"));
        assertTrue(c.ran().stream().noneMatch(s -> s.contains("backend_cuda.cu")), "unchanged units are reused from the"
                + " copied target/ (their records name the copy's files): " + c.ran());
    }

    @Test
    void unitsNamedLikeTheBuildsOwnFilesOrWithPercentSignsBuild() throws Exception {
        Toolchain.require("clang-19", "lld-link-19", "clang-offload-bundler-19");
        CoreBuild b = new CoreBuild(dir.resolve("odd")).withExample();
        Path hip = b.sources();
        Files.move(hip.resolve("cuda_chain.cu"), hip.resolve("50%.cu"));
        b.build();
        assertTrue(Files.isRegularFile(b.dll()));
        assertTrue(Files.isRegularFile(b.dll().resolveSibling("steps/50~25.cu/gfx1151.co")));
    }
}
