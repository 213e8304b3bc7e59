package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.ReadLimits;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.HostileDlls;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.testing.VerifyMain;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A build path inside the compressed ELF debug sections of device code
 * ({@code SHF_COMPRESSED}, {@code -gz=zlib} / {@code -gz=zstd}: clang-19 compiles the device DWARF
 * compressed and its device link, {@code ld.lld --compress-debug-sections}, keeps it so) was not found:
 * the whole-file scan sees only compressed bytes. DLLs built here with the stand-in hipcc for gfx1100 with
 * {@code -g -gz=zlib} and {@code -g -gz=zstd} (the host's PDB path made bare with {@code /pdbaltpath}, so the
 * build directory appears nowhere in the file's plain bytes), in plain and compressed ({@code CCOB})
 * bundles: {@code paths.build} inflates each compressed section and finds the directory. Then hostile
 * sections: a real one with its {@code ch_size} or {@code ch_type} rewritten or its data cut short, and
 * hand-built ones (a 512 MiB zlib bomb, one that understates its size, one that declares 2 GiB): each a
 * clear {@code not searched} line naming the section, never a pass, never an OutOfMemoryError.
 */
class CompressedDebugSectionsTest {
    @TempDir
    static Path dir;
    static Path build;
    static Path zlib;
    static Path zstd;

    @TempDir
    Path tmp;

    static final AbiContract COUNT = new AbiContract.CountContract("coli_cuda_", 48, "test");

    private static VerifyOptions options() {
        return VerifyOptions.builder(COUNT).skippedChecks(Set.of("paths.pdb")).build();
    }

    private static Check check(VerifyReport r, String id) {
        return r.check(id).orElseThrow(() -> new AssertionError("no check " + id + " in " + r));
    }

    /** backend_cuda.cu, copied into {@code out}, built there for gfx1100 with {@code flags}. */
    private static Path dll(Path out, List<String> flags) {
        Path sdk = Toolchain.standinSdk();
        Path ex = Toolchain.exampleDir();
        try {
            Path src = Files.createDirectories(out.resolve("src"));
            Files.copy(ex.resolve("src/main/hip/backend_cuda.cu"), src.resolve("backend_cuda.cu"));
            List<String> cmd = new ArrayList<>(List.of(sdk.resolve("bin/hipcc").toString(), "-O3", "-std=c++17", "-x", "hip",
                    "--offload-arch=gfx1100", "-shared", "-DCOLI_CUDA_BUILDING_DLL", "--hip-path=" + sdk,
                    "-I" + ex.resolve("src/main/hip/include"), "--rocm-device-lib-path=" + sdk.resolve("lib/llvm/amdgcn/bitcode"),
                    "-L", sdk.resolve("lib").toString(), "-lamdhip64", "-fms-runtime-lib=static", "-Wl,/pdbaltpath:%_PDB%"));
            cmd.addAll(flags);
            cmd.add(src.resolve("backend_cuda.cu").toString());
            cmd.add("-o");
            cmd.add(out.resolve("coli_hip.dll").toString());
            Exec.ok(out, cmd);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.resolve("coli_hip.dll");
    }

    @BeforeAll
    static void buildDlls() {
        build = dir.resolve("builder-home/proj");
        zlib = dll(build.resolve("zlib"), List.of("-g", "-gz=zlib"));
        zstd = dll(build.resolve("zstd"), List.of("-g", "-gz=zstd"));
    }

    private static boolean contains(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int k = 0; k < needle.length; k++) {
                if (hay[i + k] != needle[k]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    @Test
    void clangCompressesTheDeviceDwarfWithZlibAndZstd() throws Exception {
        Toolchain.require("clang-19", "llvm-readelf-19", "clang-offload-bundler-19");
        // the fixture is what it claims: clang-19 supports -gz=zstd here, and the sections carry the C flag
        for (String z : List.of("zlib", "zstd")) {
            Path out = Files.createDirectories(tmp.resolve(z));
            Path sdk = Toolchain.standinSdk();
            Path ex = Toolchain.exampleDir();
            Exec.ok(out, List.of("clang-19", "-O3", "-std=c++17", "-x", "hip", "--offload-arch=gfx1100", "-g", "-gz=" + z,
                    "--cuda-device-only", "-nogpuinc", "-nogpulib", "-DCOLI_CUDA_BUILDING_DLL", "-isystem",
                    sdk.resolve("include").toString(), "-I" + ex.resolve("src/main/hip/include"),
                    ex.resolve("src/main/hip/backend_cuda.cu").toString(), "-o", "dev.out"));
            Exec.ok(out, List.of("clang-offload-bundler-19", "--type=o", "--input=dev.out", "--unbundle",
                    "--targets=hipv4-amdgcn-amd-amdhsa--gfx1100", "--output=co.elf"));
            String sections = Exec.ok(out, List.of("llvm-readelf-19", "-S", "co.elf"));
            assertTrue(sections.lines().anyMatch(l -> l.contains(".debug_line_str") && l.matches(".*\\sMSC\\s.*")), sections);
            String dump = Exec.ok(out, List.of("llvm-readelf-19", "-x", ".debug_line_str", "co.elf"));
            // ch_type: ELFCOMPRESS_ZLIB = 1, ELFCOMPRESS_ZSTD = 2 (little-endian u32 at the section's start)
            assertTrue(dump.contains("0x00000000 0" + (z.equals("zlib") ? "1" : "2") + "000000 00000000"), dump);
        }
    }

    @Test
    void aBuildPathInZlibAndZstdCompressedDeviceDwarfIsFound() throws Exception {
        for (Path dll : List.of(zlib, zstd)) {
            String z = dll == zlib ? "zlib" : "zstd";
            String buildDir = dll.getParent().toString();
            byte[] bytes = Files.readAllBytes(dll);
            assertFalse(contains(bytes, buildDir.getBytes(StandardCharsets.UTF_8)),
                    "the build directory is in no plain byte of " + dll + " (else this would test the whole-file scan)");
            VerifyReport r = new DllVerifier().verify(dll, options());
            Check debug = check(r, "device-code.debug");
            assertTrue(debug.details().get(0).startsWith("gfx1100 code object (bundle #0, plain): .debug_")
                    && debug.details().get(0).contains(".debug_line_str (compressed)"), debug.details().toString());
            Check paths = check(r, "paths.build");
            assertEquals(Verdict.FAIL, paths.verdict(), z + ": " + paths);
            assertTrue(paths.details().stream().anyMatch(d -> d.startsWith("gfx1100 code object (bundle #0), .debug_line_str ["
                    + z + "-compressed section, inflated offset 0x") && d.contains(": " + buildDir)), paths.details().toString());
            // given as this machine's build path: named as such
            Check given = check(new DllVerifier().verify(dll, options().toBuilder()
                    .buildPaths(List.of(build.toString())).build()), "paths.build");
            assertTrue(given.details().stream().anyMatch(d -> d.contains(z + "-compressed section")
                    && d.contains("build path " + build)), given.details().toString());
        }
    }

    @Test
    void compressedSectionsInsideACompressedBundleAreFoundToo() {
        Path dll = dll(build.resolve("zstd-ccob"), List.of("-g", "-gz=zstd", "--offload-compress"));
        Check paths = check(new DllVerifier().verify(dll, options()), "paths.build");
        assertEquals(Verdict.FAIL, paths.verdict(), paths.toString());
        assertTrue(paths.details().stream().anyMatch(d -> d.startsWith("gfx1100 code object (bundle #0, CCOB v2 zstd),"
                + " .debug_line_str [zstd-compressed section, inflated offset 0x") && d.contains(": " + dll.getParent())),
                paths.details().toString());
    }

    /** Where one section header of the (only) device code object lies in a DLL with a plain bundle. */
    private record ElfSection(int header, int offset, int size, long flags) {
    }

    /** The section {@code name} of the first ELF code object in {@code dll}: read here with a ByteBuffer. */
    private static ElfSection section(byte[] dll, String name) {
        int elf = -1;
        for (int i = 0; i + 6 <= dll.length; i++) {
            if (dll[i] == 0x7f && dll[i + 1] == 'E' && dll[i + 2] == 'L' && dll[i + 3] == 'F' && dll[i + 4] == 2) {
                elf = i;
                break;
            }
        }
        assertTrue(elf > 0, "no ELF code object in the DLL");
        ByteBuffer b = ByteBuffer.wrap(dll).order(ByteOrder.LITTLE_ENDIAN);
        int shoff = elf + (int) b.getLong(elf + 0x28);
        int n = b.getShort(elf + 0x3C);
        int strtab = elf + (int) b.getLong(shoff + 64 * b.getShort(elf + 0x3E) + 0x18);
        for (int i = 0; i < n; i++) {
            int h = shoff + 64 * i;
            int nameAt = strtab + b.getInt(h);
            int end = nameAt;
            while (dll[end] != 0) {
                end++;
            }
            if (new String(dll, nameAt, end - nameAt, StandardCharsets.ISO_8859_1).equals(name)) {
                return new ElfSection(h, elf + (int) b.getLong(h + 0x18), (int) b.getLong(h + 0x20), b.getLong(h + 8));
            }
        }
        throw new AssertionError("no section " + name);
    }

    /** {@code paths.build} of a copy of {@code dll} after {@code patch} changed its bytes. */
    private Check patched(Path dll, String name, java.util.function.Consumer<ByteBuffer> patch) throws Exception {
        byte[] bytes = Files.readAllBytes(dll);
        patch.accept(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN));
        Path copy = Files.write(tmp.resolve(name + ".dll"), bytes);
        return check(new DllVerifier().verify(copy, options()), "paths.build");
    }

    private static void assertNotSearched(Check c, String section, String why) {
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertTrue(c.found().contains("not every byte searched"), c.found());
        assertFalse(c.found().startsWith("none"), c.found());
        assertTrue(c.details().stream().anyMatch(d -> d.startsWith("not searched: gfx1100 code object (bundle #0), " + section
                + " (") && d.contains(why)), why + " in " + c.details());
    }

    @Test
    void aRealSectionWithAWrongSizeTypeOrCutShortIsNamedNotPassed() throws Exception {
        byte[] bytes = Files.readAllBytes(zlib);
        ElfSection s = section(bytes, ".debug_line_str");
        assertEquals(0x800, s.flags() & 0x800, "SHF_COMPRESSED");
        long chSize = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong(s.offset() + 8);

        assertNotSearched(patched(zlib, "more", b -> b.putLong(s.offset() + 8, chSize + 100)), ".debug_line_str",
                "inflates to " + chSize + " bytes, fewer than its ch_size of " + (chSize + 100) + " bytes");
        assertNotSearched(patched(zlib, "less", b -> b.putLong(s.offset() + 8, 8)), ".debug_line_str",
                "inflates past its ch_size of 8 bytes (refused as a possible decompression bomb)");
        assertNotSearched(patched(zlib, "cut", b -> b.putLong(s.header() + 0x20, 24 + 12)), ".debug_line_str",
                "cannot be decompressed (zlib) after ");
        assertNotSearched(patched(zlib, "type", b -> b.putInt(s.offset(), 9)), ".debug_line_str",
                "Elf64_Chdr ch_type at offset 0x" + Long.toHexString(s.offset())
                        + ": is 9; expected ELFCOMPRESS_ZLIB (1) or ELFCOMPRESS_ZSTD (2)");
        assertNotSearched(patched(zlib, "huge", b -> b.putLong(s.offset() + 8, 1L << 40)), ".debug_line_str",
                "over the verification budget: more than " + (1L << 30) + " bytes inflated");
        assertNotSearched(patched(zlib, "negative", b -> b.putLong(s.offset() + 8, -1L)), ".debug_line_str",
                "ch_size at offset 0x" + Long.toHexString(s.offset() + 8) + ": is 18446744073709551615 bytes");

        byte[] z = Files.readAllBytes(zstd);
        ElfSection t = section(z, ".debug_line_str");
        assertNotSearched(patched(zstd, "zstd-cut", b -> b.putLong(t.header() + 0x20, 24 + 12)), ".debug_line_str",
                "cannot be decompressed (zstd) after ");
        assertNotSearched(patched(zstd, "zstd-garbage", b -> b.putLong(t.offset() + 24, 0x1122334455667788L)),
                ".debug_line_str", "cannot be decompressed (zstd)");
    }

    static final byte[] PLANTED = "\0/home/bomber/src/kernels.hip\0".getBytes(StandardCharsets.ISO_8859_1);

    @Test
    void handBuiltBombsAreBoundedByTheirSizeTheBudgetAndTheTime() throws Exception {
        byte[] bomb = HostileDlls.zlibZeros(512L << 20, PLANTED);    // 512 MiB of zeros, then a path
        long honest = (512L << 20) + PLANTED.length;
        VerifyOptions o = options().toBuilder().skippedChecks(Set.of("paths.pdb", "pe.overlay")).build();

        // declared honestly: inflated and searched as a stream, the path found at its inflated offset
        Path ok = Files.write(tmp.resolve("bomb.dll"), HostileDlls.compressedSection(1, honest, bomb));
        long t0 = System.nanoTime();
        Check found = check(new DllVerifier().verify(ok, o), "paths.build");
        System.out.printf("512 MiB zlib section (%d bytes compressed) inflated and searched in %d ms%n", bomb.length,
                (System.nanoTime() - t0) / 1_000_000);
        assertEquals(Verdict.FAIL, found.verdict(), found.toString());
        assertTrue(found.details().stream().anyMatch(d -> d.startsWith("gfx1151 code object (bundle #0), .debug_str"
                + " [zlib-compressed section, inflated offset 0x20000001]: /home/bomber/src/kernels.hip")), found.details().toString());

        // understated: refused once ch_size bytes are out, not inflated to the end
        Path small = Files.write(tmp.resolve("small.dll"), HostileDlls.compressedSection(1, 1 << 20, bomb));
        assertNotSearched1151(check(new DllVerifier().verify(small, o), "paths.build"),
                "inflates past its ch_size of 1048576 bytes");
        // declared as 2 GiB: over hip.maxInflatedMiB before anything is inflated
        Path big = Files.write(tmp.resolve("big.dll"), HostileDlls.compressedSection(1, 2L << 30, bomb));
        assertNotSearched1151(check(new DllVerifier().verify(big, o), "paths.build"),
                "more than 1073741824 bytes inflated from the compressed offload bundles and ELF sections in all"
                        + " (hip.maxInflatedMiB");
        // a smaller budget refuses the honest one the same way
        assertNotSearched1151(check(new DllVerifier().verify(ok, o.toBuilder()
                .limits(ReadLimits.builder().inflateBytes(64L << 20).build()).build()),
                "paths.build"), "hip.maxInflatedMiB");
        // the time limit stops the inflating itself
        t0 = System.nanoTime();
        Check slow = check(new DllVerifier().verify(ok, o.toBuilder()
                .limits(ReadLimits.builder().time(Duration.ofMillis(200)).build()).build()),
                "paths.build");
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.printf("the same under a 200 ms limit: stopped after %d ms%n", ms);
        assertNotSearched1151(slow, "more than 200 ms in all (hip.verifyTimeLimit)");
        // stopped at the time limit, not after inflating the 512 MiB: the path at their end is not found (the
        // bytes inflated, not a wall-clock bound a loaded machine can exceed)
        assertTrue(slow.details().stream().noneMatch(d -> d.contains("/home/bomber/src/kernels.hip")), slow.details().toString());
        // zstd, ch_type 2: not a zstd frame
        Path notZstd = Files.write(tmp.resolve("notzstd.dll"), HostileDlls.compressedSection(2, honest, bomb));
        assertNotSearched1151(check(new DllVerifier().verify(notZstd, o), "paths.build"), "cannot be decompressed (zstd)");
    }

    /** {@code c} fails naming the hand-built code object's {@code .debug_str} as not searched, for {@code why}. */
    private static void assertNotSearched1151(Check c, String why) {
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertTrue(c.details().stream().anyMatch(d -> d.startsWith("not searched: gfx1151 code object (bundle #0), .debug_str (")
                && d.contains(why)), why + " in " + c.details());
    }

    @Test
    void theBombIsInflatedInA64MiBHeap() throws Exception {
        byte[] bomb = HostileDlls.zlibZeros(512L << 20, PLANTED);
        Path dll = Files.write(tmp.resolve("bomb.dll"), HostileDlls.compressedSection(1, (512L << 20) + PLANTED.length, bomb));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Exec.Result r = Exec.run(tmp, List.of(java, "-Xmx64m", "-XX:+UseSerialGC", "-Dhipdll.skip=paths.pdb", "-cp",
                System.getProperty("java.class.path"), VerifyMain.class.getName(), dll.toString(),
                Toolchain.exampleDir().resolve("host/backend_loader.c").toString(), "gfx1151"));
        String out = r.output();
        assertFalse(out.contains("OutOfMemoryError"), out);
        assertEquals(1, r.exit(), out);
        assertTrue(out.contains("/home/bomber/src/kernels.hip"), out);
        assertTrue(out.contains("DLL REJECTED"), out);
    }
}
