package dev.hipdll.testing;

import dev.hipdll.incremental.Fingerprints;
import dev.hipdll.incremental.IncrementalBuild;
import dev.hipdll.incremental.StampDecision;
import dev.hipdll.incremental.StampInputs;
import dev.hipdll.incremental.StampStore;
import dev.hipdll.incremental.UpToDateCheck;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.Origin;
import dev.hipdll.sdk.SdkComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;

/**
 * The benchmark of {@code scripts/bench/touched-sdk}: the up-to-date check of a build whose SDK's
 * clang (100 MiB here, as a real {@code clang.exe}) got a new modification time with the same
 * content, as after a reinstall or a copy that does not keep times. Each call is one no-op build in
 * a fresh JVM:
 * {@code TouchedSdkCheckMain <dir> setup} writes the SDK, the stamp, then touches clang;
 * {@code TouchedSdkCheckMain <dir> check} runs the check as hipdll:build does (a hash of clang
 * the first time, then the refreshed stamp spares it);
 * {@code TouchedSdkCheckMain <dir> check-no-refresh} runs the comparison without writing the
 * refreshed stamp back (as before the refresh: clang hashed on every no-op build).
 */
public final class TouchedSdkCheckMain {
    private TouchedSdkCheckMain() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]);
        Origin o = new Origin("-Dhip.sdkRoot");
        HipSdk sdk = new HipSdk(new SdkComponent("sdkRoot", root, o), new SdkComponent("hipcc", root.resolve("bin/hipcc"), o),
                new SdkComponent("clangDir", root.resolve("lib/llvm/bin"), o),
                new SdkComponent("includeDir", root.resolve("include"), o), new SdkComponent("libDir", root.resolve("lib"), o),
                new SdkComponent("deviceLibDir", root.resolve("lib/llvm/amdgcn/bitcode"), o),
                new SdkComponent("runtimeDll", root.resolve("bin/amdhip64_7.dll"), o), "7.1");
        Path dll = root.resolve("coli_hip.dll");
        Path src = root.resolve("k.cu");
        Path clang = root.resolve("lib/llvm/bin/clang");
        StampInputs in = new StampInputs("0.1.0", new TreeMap<>(), List.of("gfx1151"), List.of(src), root, sdk,
                Optional.empty(), Optional.empty(), Map.of("PATH", "/usr/bin"), false, dll);
        StampStore store = new StampStore(dll);
        switch (args[1]) {
            case "setup" -> {
                for (String d : List.of("bin", "lib/llvm/bin", "lib/llvm/amdgcn/bitcode", "include/hip")) {
                    Files.createDirectories(root.resolve(d));
                }
                Files.writeString(root.resolve("bin/hipcc"), "#!/bin/sh\n");
                Files.writeString(root.resolve("bin/amdhip64_7.dll"), "MZ");
                byte[] big = new byte[100 << 20];
                new Random(1).nextBytes(big);
                Files.write(clang, big);
                Files.writeString(root.resolve("lib/amdhip64.lib"), "!<arch>\n");
                Files.writeString(dll, "MZ");
                Files.writeString(src, "__global__ void k() {}\n");
                store.commit(Fingerprints.stamp(in, List.of(src), dll));
                Files.setLastModifiedTime(clang, FileTime.fromMillis(Files.getLastModifiedTime(clang).toMillis() + 5000));
            }
            case "check", "check-no-refresh" -> {
                long t0 = System.nanoTime();
                StampDecision d = args[1].equals("check") ? new IncrementalBuild(store).check(in, false)
                        : UpToDateCheck.decide(store.committed().orElseThrow(), in, false);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                System.out.println((d.upToDate() ? "up to date" : "rebuild: " + d.summary(3)) + ", check " + ms + " ms");
            }
            default -> throw new IllegalArgumentException("setup, check or check-no-refresh, not " + args[1]);
        }
    }
}
