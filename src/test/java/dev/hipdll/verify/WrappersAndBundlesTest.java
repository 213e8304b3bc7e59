package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bundle.FatBinaryLocator;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SectionHeader;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Patch;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On the example backend built here with clang-19/lld-link-19: destroyed
 * {@code .hipFatB} wrappers fail {@code device-code.wrappers} (they passed: verify fell back to
 * scanning {@code .hip_fat}); each bundle's format and each target's device-code size are reported,
 * with the {@code hip.maxBundleVersion} and {@code hip.maxDeviceCodeBytes} budgets, for plain, CCOB v2
 * (clang-19's {@code --offload-compress}) and CCOB v3 bundles (a v2 one rewritten with the v3 header:
 * clang-19 writes no v3).
 */
class WrappersAndBundlesTest {
    @TempDir
    Path dir;

    static final AbiContract COUNT = new AbiContract.CountContract("coli_cuda_", 48, "test");

    private static VerifyOptions options() {
        return VerifyOptions.builder(COUNT)
                .deviceCode(DeviceCodeOptions.forTargets(GfxTargetList.parse("gfx1151").targets())).build();
    }

    private static Check check(VerifyReport r, String id) {
        return r.check(id).orElseThrow(() -> new AssertionError("no check " + id + " in " + r));
    }

    /** File offset of the .hipFatB section's raw data. */
    private static long wrapperOffset(Path dll) throws Exception {
        try (PeFile pe = PeFile.open(dll)) {
            return pe.section(FatBinaryLocator.WRAPPER_SECTION).orElseThrow().pointerToRawData();
        }
    }

    private static long imageBase(Path dll) throws Exception {
        try (PeFile pe = PeFile.open(dll)) {
            return pe.optionalHeader().imageBase();
        }
    }

    @Test
    void theGoodDllsWrappersPass() {
        Path good = Fixtures.exampleDll(dir, "good.dll", List.of("gfx1151"), List.of());
        VerifyReport r = new DllVerifier().verify(good, options());
        assertEquals(Verdict.PASS, check(r, "device-code.wrappers").verdict(), r.toString());
        assertEquals("2 wrapper(s), 2 bundle(s) reached", check(r, "device-code.wrappers").found());
        assertTrue(r.passed(), r.toString());
    }

    @Test
    void destroyedWrappersFailNamingTheWrapperAndTheUnreachedBundle() throws Exception {
        Path good = Fixtures.exampleDll(dir, "good.dll", List.of("gfx1151"), List.of());
        long w = wrapperOffset(good);
        long base = imageBase(good);
        Path magic0 = Patch.u32(good, dir.resolve("magic0.dll"), w, 0);
        Path address0 = Patch.u32(Patch.u32(good, dir.resolve("a0.dll"), w + 8, 0), dir.resolve("address0.dll"), w + 12, 0);
        Path atBase = Patch.u32(Patch.u32(good, dir.resolve("b0.dll"), w + 8, base), dir.resolve("atBase.dll"), w + 12,
                base >>> 32);
        Path version2 = Patch.u32(good, dir.resolve("version2.dll"), w + 4, 2);
        for (Path bad : List.of(magic0, address0, atBase, version2)) {
            VerifyReport r = new DllVerifier().verify(bad, options());
            Check c = check(r, "device-code.wrappers");
            assertEquals(Verdict.FAIL, c.verdict(), bad + ": " + c);
            assertTrue(c.details().stream().anyMatch(d -> d.contains("reached by no .hipFatB wrapper")), c.details().toString());
            assertFalse(r.passed());
        }
        assertTrue(check(new DllVerifier().verify(magic0, options()), "device-code.wrappers").details().get(0)
                .startsWith("wrapper #0 at .hipFatB+0x0: magic 0x00000000, expected 0x48495046 (HIPF)"));
        assertTrue(check(new DllVerifier().verify(atBase, options()), "device-code.wrappers").details().get(0)
                .contains("is ImageBase itself, not a fat binary"));
        assertTrue(check(new DllVerifier().verify(address0, options()), "device-code.wrappers").details().get(0)
                .contains("fat binary address 0x0 is outside the image"));
        assertTrue(check(new DllVerifier().verify(version2, options()), "device-code.wrappers").details().get(0)
                .endsWith("version 2, expected 1"));
    }

    /**
     * The probe for unreached bundles skips the bundles that wrappers reach and looks at every 4 KiB
     * boundary outside them: with wrapper #0 gone the first bundle is reported, with wrapper #1 gone the
     * second (behind a reached one), each exactly once and at its own offset.
     */
    @Test
    void theUnreachedBundleIsFoundBeforeOrBehindAReachedOne() throws Exception {
        Path good = Fixtures.exampleDll(dir, "good.dll", List.of("gfx1151"), List.of());
        long w = wrapperOffset(good);
        java.util.List<String> offsets = new java.util.ArrayList<>();
        for (int wrapper = 0; wrapper < 2; wrapper++) {
            Path bad = Patch.u32(good, dir.resolve("no-wrapper-" + wrapper + ".dll"), w + 24L * wrapper, 0);
            Check c = check(new DllVerifier().verify(bad, options()), "device-code.wrappers");
            List<String> unreached = c.details().stream().filter(d -> d.contains("reached by no .hipFatB wrapper")).toList();
            assertEquals(1, unreached.size(), bad + ": " + c.details());
            assertTrue(c.details().get(0).startsWith("wrapper #" + wrapper + " "), c.details().toString());
            offsets.add(unreached.get(0).replaceAll(".*\\.hip_fat\\+(0x[0-9A-F]+).*", "$1"));
        }
        assertTrue(offsets.get(0).equals("0x0") && !offsets.get(1).equals("0x0"), offsets.toString());
    }

    @Test
    void aDllWithoutWrappersRegistersNothing() throws Exception {
        Path good = Fixtures.exampleDll(dir, "good.dll", List.of("gfx1151"), List.of());
        // rename the wrapper section: the image then has .hip_fat and no .hipFatB
        int n = Patch.replaceAll(good, dir.resolve("nowrap.dll"), ".hipFatB", ".hipXXXX");
        assertTrue(n >= 1);
        VerifyReport r = new DllVerifier().verify(dir.resolve("nowrap.dll"), options());
        Check c = check(r, "device-code.wrappers");
        assertEquals(Verdict.FAIL, c.verdict());
        assertEquals("no .hipFatB wrapper: __hipRegisterFatBinary registers no device code", c.details().get(0));
        assertEquals(Verdict.FAIL, check(r, "device-code.targets").verdict(), "nothing registered, so no target");
    }

    /** A code object whose section table lies outside it: device-code.debug fails naming the structure and offset. */
    @Test
    void aCodeObjectWithABrokenSectionTableFailsDeviceCodeDebug() throws Exception {
        Path good = Fixtures.exampleDll(dir, "good.dll", List.of("gfx1151"), List.of());
        byte[] b = Files.readAllBytes(good);
        long fat;
        try (PeFile pe = PeFile.open(good)) {
            fat = pe.section(FatBinaryLocator.FATBIN_SECTION).orElseThrow().pointerToRawData();
        }
        int elf = -1;
        for (int i = (int) fat; i + 4 < b.length; i++) {
            if (b[i] == 0x7f && b[i + 1] == 'E' && b[i + 2] == 'L' && b[i + 3] == 'F') {
                elf = i;
                break;
            }
        }
        assertTrue(elf > 0, "no code object");
        Path bad = Patch.u32(Patch.u32(good, dir.resolve("s0.dll"), elf + 0x28, 0xffff0000L), dir.resolve("shoff.dll"),
                elf + 0x2c, 0x7fff);
        Check c = check(new DllVerifier().verify(bad, options()), "device-code.debug");
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertTrue(c.found().startsWith("1 code object(s) or bundle(s) whose sections cannot be read"), c.found());
        assertTrue(c.details().get(0).contains(String.format("ELF section table at offset 0x%X: e_shoff", elf + 0x28)),
                c.details().get(0));
    }

    @Test
    void plainBundlesAreReportedWithSizesAndTheSizeBudgetFails() throws Exception {
        Path two = Fixtures.exampleDll(dir, "two.dll", List.of("gfx1151", "gfx1100"), List.of());
        VerifyReport r = new DllVerifier().verify(two, options());
        Check format = check(r, "device-code.format");
        assertEquals(Verdict.PASS, format.verdict());
        assertEquals("2 x plain", format.found());
        Check size = check(r, "device-code.size");
        assertEquals(Verdict.PASS, size.verdict());
        assertTrue(size.found().matches("gfx1\\d00 \\d+ B, gfx11\\d+ \\d+ B") && size.found().contains("gfx1151 "),
                size.found());
        long gfx1151 = Long.parseLong(size.found().replaceAll(".*gfx1151 (\\d+) B.*", "$1"));
        VerifyReport tight = new DllVerifier().verify(two, options().toBuilder()
                .deviceCode(options().deviceCode().toBuilder().maxDeviceCodeBytes(OptionalLong.of(gfx1151 - 1)).build())
                .build());
        Check over = check(tight, "device-code.size");
        assertEquals(Verdict.FAIL, over.verdict());
        assertTrue(over.details().contains("gfx1151: " + gfx1151 + " bytes in 2 code object(s), over the budget of "
                + (gfx1151 - 1) + " bytes (hip.maxDeviceCodeBytes)"), over.details().toString());
    }

    @Test
    void ccobV2PassesMaxBundleVersion2AndV3FailsIt() throws Exception {
        Path v2 = Fixtures.exampleDll(dir, "v2.dll", List.of("gfx1151"), List.of("--offload-compress"));
        VerifyOptions max2 = options().toBuilder()
                .deviceCode(options().deviceCode().toBuilder().maxBundleVersion(OptionalInt.of(2)).build()).build();
        VerifyReport r2 = new DllVerifier().verify(v2, max2);
        assertEquals("2 x CCOB v2 zstd", check(r2, "device-code.format").found());
        assertEquals(Verdict.PASS, check(r2, "device-code.format").verdict());
        assertTrue(r2.passed(), r2.toString());

        Path v3 = toV3(v2, dir.resolve("v3.dll"));
        VerifyReport any = new DllVerifier().verify(v3, options());
        assertEquals("2 x CCOB v3 zstd", check(any, "device-code.format").found());
        assertTrue(any.passed(), "a v3 bundle is read like v2: " + any);
        VerifyReport r3 = new DllVerifier().verify(v3, max2);
        Check f = check(r3, "device-code.format");
        assertEquals(Verdict.FAIL, f.verdict());
        assertTrue(f.details().get(0).contains("CCOB v3 is newer than hip.maxBundleVersion=2"), f.details().get(0));
    }

    /**
     * Rewrites every CCOB v2 bundle in {@code .hip_fat} with the v3 header (u64 total size, u64
     * uncompressed size: 8 bytes longer), moving the payload into the 4096-byte alignment slack after it.
     */
    static Path toV3(Path v2, Path out) throws Exception {
        byte[] b = Files.readAllBytes(v2);
        SectionHeader fat;
        try (PeFile pe = PeFile.open(v2)) {
            fat = pe.section(FatBinaryLocator.FATBIN_SECTION).orElseThrow();
        }
        ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int converted = 0;
        for (long rel = 0; rel + 24 <= fat.fileBackedSize(); rel += 4096) {
            int at = (int) (fat.pointerToRawData() + rel);
            if (buf.getInt(at) != 0x424f4343 || buf.getShort(at + 4) != 2) { // "CCOB" v2
                continue;
            }
            int total = buf.getInt(at + 8);
            int uncompressed = buf.getInt(at + 12);
            long hash = buf.getLong(at + 16);
            assertTrue(rel + total + 8 <= Math.min(fat.sizeOfRawData(), ((rel + total) / 4096 + 1) * 4096),
                    "no 8 bytes of slack after the bundle at .hip_fat+" + rel);
            byte[] payload = java.util.Arrays.copyOfRange(b, at + 24, at + total);
            buf.putShort(at + 4, (short) 3).putLong(at + 8, total + 8L).putLong(at + 16, uncompressed).putLong(at + 24, hash);
            System.arraycopy(payload, 0, b, at + 32, payload.length);
            converted++;
        }
        assertTrue(converted > 0, "no CCOB v2 bundle found");
        // the section's VirtualSize must cover the last bundle's 8 more bytes: set it to SizeOfRawData
        byte[] name = FatBinaryLocator.FATBIN_SECTION.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        for (int i = 0; i < 4096; i++) {
            if (java.util.Arrays.equals(b, i, i + name.length, name, 0, name.length)) {  // 8 bytes: no NUL after it
                buf.putInt(i + 8, (int) fat.sizeOfRawData());
                return Files.write(out, b);
            }
        }
        throw new AssertionError("no section header " + FatBinaryLocator.FATBIN_SECTION);
    }
}
