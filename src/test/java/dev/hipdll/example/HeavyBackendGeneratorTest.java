package dev.hipdll.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.verify.DeviceCodeOptions;
import dev.hipdll.verify.DllVerifier;
import dev.hipdll.verify.VerifyOptions;
import dev.hipdll.verify.VerifyReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/fixtures/heavy-backend}, the step-graph benchmark's fixture: the project it writes
 * builds with the stand-in SDK's hipcc (the one-call command of the plugin before the step graph), passes
 * the verifier against its own loader contract (so the templated kernels are not exported), and
 * its DLL registers exactly the requested number of distinct kernel instantiations per unit.
 */
class HeavyBackendGeneratorTest {
    @TempDir
    Path dir;

    private static Path script() {
        return Toolchain.exampleDir().getParent().getParent().resolve("scripts/fixtures/heavy-backend");
    }

    /** The distinct mangled names of {@code kernel}'s instantiations found in {@code bytes}. */
    private static Set<String> instantiations(byte[] bytes, String kernel) {
        Matcher m = Pattern.compile("_Z" + kernel.length() + kernel + "I[A-Za-z0-9_]+")
                .matcher(new String(bytes, StandardCharsets.ISO_8859_1));
        Set<String> names = new TreeSet<>();
        while (m.find()) {
            names.add(m.group());
        }
        return names;
    }

    @Test
    void generatedProjectBuildsVerifiesAndHoldsTheKernels() throws Exception {
        Toolchain.require("clang-19", "lld-link-19");
        Path sdk = Toolchain.standinSdk();
        Path project = dir.resolve("heavy");
        Exec.ok(dir, List.of(script().toString(), project.toString(), "--kernels", "3"));

        String pom = Files.readString(project.resolve("pom.xml"));
        assertTrue(pom.contains("<artifactId>heavy-backend</artifactId>"), pom);
        assertTrue(pom.contains("<hip.arch>gfx1100,gfx1101,gfx1151,gfx1030</hip.arch>"), pom);

        Path hip = project.resolve("src/main/hip");
        List<String> cmd = new ArrayList<>(List.of(sdk.resolve("bin/hipcc").toString(), "-O3", "-std=c++17", "-x", "hip",
                "--offload-arch=gfx1100", "--offload-arch=gfx1030", "-shared", "-DCOLI_CUDA_BUILDING_DLL",
                "--hip-path=" + sdk, "-I" + sdk.resolve("include"), "-I" + hip.resolve("include"),
                "--rocm-device-lib-path=" + sdk.resolve("lib/llvm/amdgcn/bitcode"), "-L", sdk.resolve("lib").toString(),
                "-lamdhip64", "-fms-runtime-lib=static", hip.resolve("backend_cuda.cu").toString(),
                hip.resolve("cuda_chain.cu").toString(), "-o", dir.resolve("coli_hip.dll").toString()));
        Exec.ok(dir, cmd);

        AbiContract.NamedContract contract = new LoaderSourceParser("coli_cuda_")
                .parse(project.resolve("host/backend_loader.c"));
        VerifyReport r = new DllVerifier().verify(dir.resolve("coli_hip.dll"), VerifyOptions.builder(contract)
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1100,gfx1030").targets()))
                .maxBundleBytes(64L << 20).build());
        assertTrue(r.passed(), r.toString());

        byte[] dll = Files.readAllBytes(dir.resolve("coli_hip.dll"));
        Set<String> tiles = instantiations(dll, "k_heavy_tile");
        Set<String> chains = instantiations(dll, "k_heavy_chain");
        assertEquals(3, tiles.size(), tiles.toString());
        assertEquals(3, chains.size(), chains.toString());
        // the first three combinations: float, double, int at tile size 4, unroll 1, salt 0
        assertTrue(tiles.contains("_Z12k_heavy_tileIfLi4ELi1ELi0EEvPT_PKS0_S3_j"), tiles.toString());
    }

    @Test
    void badArgumentsAreRefusedWithAReason() throws Exception {
        Exec.Result zero = Exec.run(dir, List.of(script().toString(), dir.resolve("p").toString(), "--kernels", "0"));
        assertEquals(2, zero.exit(), zero.output());
        assertTrue(zero.output().contains("--kernels must be a positive integer, not '0'"), zero.output());

        Path full = Files.createDirectories(dir.resolve("full"));
        Files.writeString(full.resolve("keep.txt"), "x");
        Exec.Result notEmpty = Exec.run(dir, List.of(script().toString(), full.toString()));
        assertEquals(1, notEmpty.exit(), notEmpty.output());
        assertTrue(notEmpty.output().contains(full + " exists and is not empty"), notEmpty.output());
        assertEquals(List.of("keep.txt"), Files.list(full).map(f -> f.getFileName().toString()).toList());
    }
}
