package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bundle.CudaDeviceCode;
import dev.hipdll.bundle.CudaDeviceCodeReader;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.pe.PeFile;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.testing.CentralJarEntry;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.PeImage;
import dev.hipdll.testing.Toolchain;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DLL with NVIDIA fat binaries ({@code .nv_fatb}, {@code .nvFatBi}) is named as CUDA
 * device code with its SM architectures, failing {@code device-code.targets} with that reason, instead of
 * "no offload bundle"; HIP and CUDA device code in one DLL are both named. On a hand-made image, on the
 * example backend linked with a CUDA fat binary, and on NVIDIA's own {@code nppitc64_12.dll} (CUDA 12.3,
 * from bytedeco's redistributable jar on Maven Central; its {@code cudart64_12.dll}, which has no device
 * code, is not named).
 */
class CudaDeviceCodeTest {
    /** bytedeco's CUDA 12.3 redistributables for Windows x64 on Maven Central (1.8 GB; one entry is fetched). */
    static final String REDIST = "org/bytedeco/cuda/12.3-8.9-1.5.10/cuda-12.3-8.9-1.5.10-windows-x86_64-redist.jar";

    @TempDir
    Path dir;

    /**
     * A fat binary: the 16-byte header (magic 0xBA55ED50, version 1) and one entry per {@code {kind, arch}},
     * each a 64-byte entry header and a 64-byte payload (an ELF magic for cubins).
     */
    static byte[] fatbin(int[]... entries) {
        int payload = 64;
        ByteBuffer b = ByteBuffer.allocate(16 + entries.length * (64 + payload)).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0, CudaDeviceCodeReader.FATBIN_MAGIC);
        b.putShort(4, (short) 1);
        b.putShort(6, (short) 16);
        b.putLong(8, (long) entries.length * (64 + payload));
        int e = 16;
        for (int[] k : entries) {
            b.putShort(e, (short) k[0]);
            b.putShort(e + 2, (short) 0x101);
            b.putInt(e + 4, 64);
            b.putLong(e + 8, payload);
            b.putInt(e + 28, k[1]);
            b.putLong(e + 40, 0x41);
            if (k[0] == CudaDeviceCode.KIND_ELF) {
                b.putInt(e + 64, 0x464c457f);
            }
            e += 64 + payload;
        }
        return b.array();
    }

    /** Two fat binaries with 8 bytes of padding between: sm_89 and sm_86 cubins, then PTX for compute_89. */
    static byte[] nvFatbSection() {
        ByteArrayOutputStream s = new ByteArrayOutputStream();
        s.writeBytes(fatbin(new int[] {2, 89}, new int[] {2, 86}));
        s.writeBytes(new byte[8]);
        s.writeBytes(fatbin(new int[] {1, 89}));
        return s.toByteArray();
    }

    private static VerifyOptions options(String arch) {
        return VerifyOptions.builder(new AbiContract.CountContract("coli_cuda_", 0, "test"))
                .deviceCode(DeviceCodeOptions.forTargets(arch.isEmpty() ? List.of() : GfxTargetList.parse(arch).targets()))
                .build();
    }

    private static Check targets(Path dll, String arch) {
        VerifyReport r = new DllVerifier().verify(dll, options(arch));
        return r.check(CheckIds.DEVICE_TARGETS).orElseThrow(() -> new AssertionError(r.checks().toString()));
    }

    @Test
    void aHandMadeCudaImageIsNamedWithItsArchitectures() throws Exception {
        PeImage img = new PeImage();
        int fat = img.data(".nv_fatb", nvFatbSection());
        ByteBuffer w = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        w.putInt(0, 0x466243b1).putInt(4, 1).putLong(8, PeImage.IMAGE_BASE + fat);
        img.data(".nvFatBi", w.array());
        Path dll = Files.write(dir.resolve("cuda.dll"), img.build());
        try (PeFile pe = PeFile.open(dll)) {
            CudaDeviceCode c = CudaDeviceCodeReader.read(pe);
            assertEquals(List.of(".nv_fatb", ".nvFatBi"), c.sections());
            assertEquals(2, c.fatBinaries());
            assertEquals("sm_86, sm_89, compute_89", c.architectures());
            assertEquals(List.of(), c.problems());
        }
        for (String arch : List.of("gfx1151", "")) {
            Check t = targets(dll, arch);
            assertEquals(Verdict.FAIL, t.verdict(), arch + ": " + t);
            assertEquals("this DLL carries NVIDIA CUDA device code (sm_86, sm_89, compute_89), not AMD HIP: hipcc built"
                    + " for the NVIDIA platform; set HIP_PLATFORM=amd (and HIP_COMPILER=clang, no CUDA_PATH in the"
                    + " environment) and rebuild with --offload-arch=gfx...", t.details().get(0));
            assertTrue(t.found().startsWith("no offload bundle; NVIDIA CUDA device code (sm_86, sm_89, compute_89) in"
                    + " .nv_fatb, .nvFatBi: 2 fat binaries, 3 entries"), t.found());
        }
    }

    /**
     * Hole 8: {@code device-code.size} counts what {@code device-code.targets} found, CUDA included: per
     * architecture, the entries' payload bytes; within {@code hip.maxDeviceCodeBytes} or not.
     */
    @Test
    void theSizeCheckCountsCudaEntries() throws Exception {
        PeImage img = new PeImage();
        img.data(".nv_fatb", nvFatbSection());
        Path dll = Files.write(dir.resolve("cuda-size.dll"), img.build());
        Check size = new DllVerifier().verify(dll, options("gfx1151")).check(CheckIds.DEVICE_SIZE).orElseThrow();
        assertEquals(Verdict.PASS, size.verdict(), size.toString());
        assertEquals("NVIDIA sm_89 64 B, NVIDIA sm_86 64 B, NVIDIA compute_89 64 B", size.found());
        assertEquals(List.of("NVIDIA sm_89: 64 bytes in 1 fat binary entry", "NVIDIA sm_86: 64 bytes in 1 fat binary entry",
                "NVIDIA compute_89: 64 bytes in 1 fat binary entry"), size.details());
        VerifyOptions gfx1151 = options("gfx1151");
        VerifyOptions budget = gfx1151.toBuilder().deviceCode(gfx1151.deviceCode().toBuilder()
                .maxDeviceCodeBytes(java.util.OptionalLong.of(32)).allowDeviceDebug(false).build()).build();
        Check over = new DllVerifier().verify(dll, budget).check(CheckIds.DEVICE_SIZE).orElseThrow();
        assertEquals(Verdict.FAIL, over.verdict(), over.toString());
        assertTrue(over.details().get(0).startsWith("NVIDIA sm_89: 64 bytes in 1 fat binary entry, over the budget of 32"),
                over.toString());
    }

    @Test
    void aMalformedFatBinaryIsNamedNotThrown() throws Exception {
        byte[] bad = fatbin(new int[] {2, 86}, new int[] {2, 90});
        ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putLong(16 + 128 + 8, 1L << 40);  // 2nd payload: 1 TiB
        PeImage img = new PeImage();
        img.data(".nv_fatb", bad);
        Check t = targets(Files.write(dir.resolve("bad.dll"), img.build()), "gfx1151");
        assertEquals(Verdict.FAIL, t.verdict());
        assertTrue(t.details().get(0).startsWith("this DLL carries NVIDIA CUDA device code (sm_86), not AMD HIP"), t.toString());
        assertEquals("CUDA fat binary not read: fat binary at .nv_fatb+0x0: entry at +0x90 (header 64 bytes, payload"
                + " 1099511627776 bytes) runs past the fat binary's end +0x110", t.details().get(1));
        // a header whose size runs past the section: no entry read, the sections still named
        ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putLong(8, 1 << 20);
        img = new PeImage();
        img.data(".nv_fatb", bad);
        t = targets(Files.write(dir.resolve("long.dll"), img.build()), "gfx1151");
        assertEquals("this DLL carries NVIDIA CUDA device code (sections .nv_fatb), not AMD HIP: hipcc built for the"
                + " NVIDIA platform; set HIP_PLATFORM=amd (and HIP_COMPILER=clang, no CUDA_PATH in the environment) and"
                + " rebuild with --offload-arch=gfx...", t.details().get(0));
        assertEquals("CUDA fat binary not read: fat binary at .nv_fatb+0x0: header size 16, size 1048576 run past the"
                + " section's 272 bytes", t.details().get(1));
    }

    /** The example backend linked with an object holding a CUDA fat binary: both vendors' code is named. */
    @Test
    void hipAndCudaInOneDllAreBothNamed() throws Exception {
        Toolchain.require("clang-19");
        StringBuilder c = new StringBuilder("#pragma section(\".nv_fatb\", read)\n"
                + "__declspec(allocate(\".nv_fatb\")) const unsigned char nv_fatbin[] = {");
        for (byte x : fatbin(new int[] {2, 86})) {
            c.append(x & 0xff).append(',');
        }
        c.append("};\n__declspec(dllexport) const unsigned char *coli_cuda_nv(void) { return nv_fatbin; }\n");
        Path src = Files.writeString(dir.resolve("nv.c"), c);
        Path obj = dir.resolve("nv.obj");
        Exec.ok(dir, List.of("clang-19", "--target=x86_64-pc-windows-msvc", "-c", src.toString(), "-o", obj.toString()));
        Path dll = Fixtures.exampleDll(dir, "mixed.dll", List.of("gfx1151"), List.of("-x", "none", obj.toString(), "-x", "hip"));
        Check t = targets(dll, "gfx1151");
        assertEquals(Verdict.FAIL, t.verdict(), t.toString());
        assertEquals("this DLL carries NVIDIA CUDA device code (sm_86) besides AMD HIP device code (gfx1151): an object"
                + " built for the NVIDIA platform (nvcc, or hipcc with HIP_PLATFORM=nvidia) was linked in; build every unit"
                + " with HIP_PLATFORM=amd", t.details().get(0));
        assertTrue(t.found().matches("\\d bundle\\(s\\), device targets gfx1151; NVIDIA CUDA device code \\(sm_86\\) in"
                + " \\.nv_fatb: 1 fat binary, 1 entry"), t.found());
        // without the CUDA object the same build passes: it is the CUDA code that fails the check
        Path plain = Fixtures.exampleDll(dir, "plain.dll", List.of("gfx1151"), List.of());
        assertEquals(Verdict.PASS, targets(plain, "gfx1151").verdict());
    }

    /** NVIDIA's NPP threshold-and-compare library: three fat binaries, cubins sm_50..sm_90 and PTX for compute_90. */
    @Test
    void nvidiasNppDllFromMavenCentralIsNamedAsCuda() throws Exception {
        Path npp = CentralJarEntry.get(REDIST, "org/bytedeco/cuda/windows-x86_64/nppitc64_12.dll", "nppitc64_12.dll",
                "b20948285dac9e74bbb6e1cf9552e0f88a3c0427f695b067adaa2f9ff46b6ce2");
        try (PeFile pe = PeFile.open(npp)) {
            CudaDeviceCode c = CudaDeviceCodeReader.read(pe);
            assertEquals(3, c.fatBinaries());
            assertEquals(29, c.entries().size());
            assertEquals(List.of(), c.problems());
        }
        Check t = targets(npp, "gfx1151");
        assertEquals(Verdict.FAIL, t.verdict());
        Check size = new DllVerifier().verify(npp, options("gfx1151")).check(CheckIds.DEVICE_SIZE).orElseThrow();
        assertEquals(Verdict.PASS, size.verdict(), "device-code.size counts the 29 CUDA entries: " + size);
        assertEquals(29, size.details().stream().mapToInt(l -> Integer.parseInt(l.replaceFirst(".* in (\\d+) fat binar.*",
                "$1"))).sum(), size.toString());
        assertEquals("this DLL carries NVIDIA CUDA device code (sm_50, sm_60, sm_61, sm_70, sm_75, sm_80, sm_86, sm_89, sm_90,"
                + " compute_90), not AMD HIP: hipcc built for the NVIDIA platform; set HIP_PLATFORM=amd (and"
                + " HIP_COMPILER=clang, no CUDA_PATH in the environment) and rebuild with --offload-arch=gfx...",
                t.details().get(0));
        Path cudart = CentralJarEntry.get(REDIST, "org/bytedeco/cuda/windows-x86_64/cudart64_12.dll", "cudart64_12.dll",
                "c7b04d121903ffa37736783ce61d6dbefb315cf6dad1c813582fc306850b7963");
        Check runtime = targets(cudart, "");
        assertEquals(Verdict.SKIP, runtime.verdict(), "the CUDA runtime itself carries no device code: " + runtime);
        assertEquals("no offload bundle (.hip_fat / .hipFatB)", runtime.found());
    }
}
