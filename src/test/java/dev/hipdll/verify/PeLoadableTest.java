package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.pe.DataDirectory;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SectionHeader;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Patch;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pe.loadable} on DLLs built here with clang-19/lld-link-19, each
 * byte-patched to one of the classes of mutants llvm-readobj-19 refuses that verify passed: an
 * import name RVA that points nowhere, base relocations in no section, directories that run past
 * the end of the file, TLS/load-config/delay-import directories outside the image, an export
 * address table at RVA 0, sections that overlap or run past SizeOfImage, a malformed forwarder.
 * The good DLLs pass.
 */
class PeLoadableTest {
    @TempDir
    static Path dir;
    static Path exports;
    static Path tls;

    @BeforeAll
    static void build() throws Exception {
        Path d = Files.createDirectories(dir.resolve("x"));
        Files.writeString(d.resolve("other.def"), "LIBRARY other.dll\nEXPORTS\nother_by_name\nother_by_ordinal @7 NONAME\n");
        Files.writeString(d.resolve("lazy.def"), "LIBRARY lazy.dll\nEXPORTS\nlazy_fn\n");
        Exec.ok(d, List.of("llvm-dlltool-19", "-m", "i386:x86-64", "-d", "other.def", "-l", "other.lib"));
        Exec.ok(d, List.of("llvm-dlltool-19", "-m", "i386:x86-64", "-d", "lazy.def", "-l", "lazy.lib"));
        Files.writeString(d.resolve("t.def"), "EXPORTS\nplain_export\nordinal_only @42 NONAME\nlazy_user\n"
                + "forwarded = KERNEL32.HeapAlloc\n");
        exports = Fixtures.cDll(d, "t.dll", "x86_64-pc-windows-msvc", VerifyMutationFuzzTest.EXPORTS_C
                + "void *table[] = { (void *) plain_export, (void *) ordinal_only };\n",
                List.of("/def:t.def", "other.lib", "lazy.lib", "/delayload:lazy.dll"));
        tls = Fixtures.cDll(dir.resolve("t"), "tls.dll", "x86_64-pc-windows-msvc", VerifyMutationFuzzTest.TLS_C, List.of());
    }

    private static VerifyOptions options() {
        return VerifyOptions.builder(new AbiContract.CountContract("coli_cuda_", 0, "test"))
                .imports(ImportPolicy.forRuntime(true, OptionalInt.empty()).withAllowed(List.of("*"), "test")).build();
    }

    private static Check loadable(Path dll) {
        VerifyReport r = new DllVerifier().verify(dll, options());
        return r.check(CheckIds.PE_LOADABLE).orElseThrow(() -> new AssertionError(r.checks().toString()));
    }

    private static void assertRefused(Path dll, String... words) {
        Check c = loadable(dll);
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        String all = c.found() + "\n" + String.join("\n", c.details());
        for (String w : words) {
            assertTrue(all.contains(w), "pe.loadable should say '" + w + "': " + all);
        }
    }

    private static long u32(Path dll, long at) throws Exception {
        return ByteBuffer.wrap(Files.readAllBytes(dll)).order(ByteOrder.LITTLE_ENDIAN).getInt((int) at) & 0xffffffffL;
    }

    private static long offsetOf(Path dll, long rva) throws Exception {
        try (PeFile pe = PeFile.open(dll)) {
            return pe.rvaToOffset(rva, 1, "test");
        }
    }

    private static DataDirectory directory(Path dll, int index) throws Exception {
        try (PeFile pe = PeFile.open(dll)) {
            return pe.optionalHeader().directory(index);
        }
    }

    private static Path out(String name) {
        return dir.resolve(name);
    }

    @Test
    void goodDllsAreLoadable() throws Exception {
        for (Path p : List.of(exports, tls)) {
            Check c = loadable(p);
            assertEquals(Verdict.PASS, c.verdict(), p + ": " + c);
        }
        assertTrue(directory(tls, DataDirectory.TLS_TABLE).present(), "the TLS fixture has a TLS directory");
        assertTrue(directory(exports, DataDirectory.BASE_RELOCATION_TABLE).present(), "relocations");
        assertTrue(directory(exports, DataDirectory.DELAY_IMPORT_DESCRIPTOR).present(), "delay imports");
    }

    @Test
    void anImportNameRvaThatPointsNowhere() throws Exception {
        DataDirectory imp = directory(exports, DataDirectory.IMPORT_TABLE);
        long desc = offsetOf(exports, imp.rva());
        long ilt = offsetOf(exports, u32(exports, desc));
        // the first lookup entry names a hint/name RVA inside the headers: readable, but in no section
        Path p = Patch.u32(exports, out("name-in-headers.dll"), ilt, 0x100);
        assertRefused(p, "import directory entry #0 import lookup entry #0", "hint/name RVA 0x100 lies outside every section");
        Path q = Patch.u32(exports, out("dll-name.dll"), desc + 12, 0x7fff0000L);
        assertRefused(q, "import directory entry #0 Name");
    }

    @Test
    void baseRelocationsInNoSectionOrPatchingOutsideTheImage() throws Exception {
        long dirAt = Patch.dataDirectoryOffset(exports, DataDirectory.BASE_RELOCATION_TABLE);
        Path p = Patch.u32(exports, out("reloc-nowhere.dll"), dirAt, 0x200);
        assertRefused(p, "data directory BaseRelocationTable", "does not lie inside one section");
        DataDirectory rel = directory(exports, DataDirectory.BASE_RELOCATION_TABLE);
        long block = offsetOf(exports, rel.rva());
        Path q = Patch.u32(exports, out("reloc-page.dll"), block, 0x7fff0000L);
        assertRefused(q, "base relocation block #0 Page RVA", "past SizeOfImage");
        Path r = Patch.u32(exports, out("reloc-size.dll"), block + 4, 6);
        assertRefused(r, "base relocation block #0 SizeOfBlock", "is 6");
    }

    @Test
    void directoriesRunningPastTheEndOfTheFile() throws Exception {
        for (int index : new int[] {DataDirectory.IMPORT_TABLE, DataDirectory.EXPORT_TABLE, DataDirectory.BASE_RELOCATION_TABLE}) {
            long at = Patch.dataDirectoryOffset(exports, index);
            Path p = Patch.u32(exports, out("long-" + index + ".dll"), at + 4, 0x7fffff00L);
            assertRefused(p, "data directory " + directory(exports, index).name());
        }
    }

    @Test
    void tlsLoadConfigAndDelayImportDirectoriesOutsideTheImage() throws Exception {
        long tlsAt = Patch.dataDirectoryOffset(tls, DataDirectory.TLS_TABLE);
        assertRefused(Patch.u32(tls, out("tls-out.dll"), tlsAt, 0x7fff0000L), "data directory TLSTable");
        assertRefused(Patch.u32(tls, out("tls-size.dll"), tlsAt + 4, 0), "TLSTable", "a PE32+ TLS directory is 40 bytes");
        long tlsDir = offsetOf(tls, directory(tls, DataDirectory.TLS_TABLE).rva());
        try (PeFile pe = PeFile.open(tls)) {
            long base = pe.optionalHeader().imageBase();
            assertRefused(Patch.u32(tls, out("tls-index.dll"), tlsDir + 16, 0x10), "TLS directory AddressOfIndex");
            assertTrue(base != 0);
        }
        long lcAt = Patch.dataDirectoryOffset(tls, DataDirectory.LOAD_CONFIG_TABLE);
        Path lc = Patch.u32(Patch.u32(tls, out("lc1.dll"), lcAt, 0x7fff0000L), out("lc.dll"), lcAt + 4, 0x40);
        assertRefused(lc, "data directory LoadConfigTable");
        long dlAt = Patch.dataDirectoryOffset(exports, DataDirectory.DELAY_IMPORT_DESCRIPTOR);
        assertRefused(Patch.u32(exports, out("delay-out.dll"), dlAt, 0x7fff0000L), "data directory DelayImportDescriptor");
        // a size below one descriptor: llvm-readobj-19 then reads descriptors past the terminator (fuzz seed 99)
        assertRefused(Patch.u32(exports, out("delay-size.dll"), dlAt + 4, 2), "data directory DelayImportDescriptor",
                "size is 2, smaller than one 32-byte delay-load descriptor");
        long dl = offsetOf(exports, directory(exports, DataDirectory.DELAY_IMPORT_DESCRIPTOR).rva());
        assertRefused(Patch.u32(exports, out("delay-iat.dll"), dl + 12, 0x7fff0000L),
                "delay-load directory entry #0 Delay Import Address Table");
    }

    @Test
    void anExportAddressTableAtRvaZeroOrExportsOutsideTheImage() throws Exception {
        long ed = Patch.exportDirectoryOffset(exports);
        assertRefused(Patch.u32(exports, out("eat0.dll"), ed + 28, 0), "export directory table Export Address Table RVA",
                "0x0");
        long eat = offsetOf(exports, u32(exports, ed + 28));
        assertRefused(Patch.u32(exports, out("eat-out.dll"), eat, 0x7fff0000L), "export address table entry for ordinal",
                "outside every section");
        // a forwarder string without a dot
        try (PeFile pe = PeFile.open(exports)) {
            var fwd = pe.exports().symbols().stream().filter(s -> s.isForwarder()).findFirst().orElseThrow();
            long at = pe.rvaToOffset(fwd.rva(), fwd.forwarder().length(), "forwarder");
            byte[] b = Files.readAllBytes(exports);
            int dot = fwd.forwarder().indexOf('.');
            b[(int) at + dot] = '_';
            assertRefused(Files.write(out("fwd.dll"), b), "forwarder 'KERNEL32_HeapAlloc' is not DLL.name or DLL.#ordinal");
        }
    }

    @Test
    void sectionsThatOverlapOrRunPastSizeOfImage() throws Exception {
        try (PeFile pe = PeFile.open(exports)) {
            long table = pe.peOffset() + 24 + pe.coffHeader().sizeOfOptionalHeader();
            SectionHeader first = pe.sections().get(0);
            SectionHeader second = pe.sections().get(1);
            assertRefused(Patch.u32(exports, out("overlap.dll"), table + 40 + 12, first.virtualAddress()),
                    "section header #2 (" + second.name() + ") VirtualAddress", "overlaps section " + first.name());
            int last = pe.sections().size() - 1;
            assertRefused(Patch.u32(exports, out("past.dll"), table + 40L * last + 8, 0x100000),
                    "past SizeOfImage");
            assertRefused(Patch.u32(exports, out("soi.dll"), pe.peOffset() + 24 + 56, first.virtualAddress() + 0x10),
                    "past SizeOfImage");
        }
    }

    @Test
    void overlappingLookupTablesAreWalkedWithinABound() throws Exception {
        Path p = Files.write(out("overlap.dll"), dev.hipdll.testing.HostileDlls.overlappingDelayImportTables(4096, 65536));
        // bounded by the entry count, not by the time budget: an hour of it, so no machine is slow enough to reach it;
        // the preemptive limit is a hang guard
        VerifyReport r = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofMinutes(10),
                () -> new DllVerifier().verify(p, options().toBuilder()
                        .skippedChecks(java.util.Set.of(CheckIds.PATHS_BUILD))
                        .limits(dev.hipdll.bytes.ReadLimits.builder().time(java.time.Duration.ofHours(1)).build()).build()));
        Check c = r.check(CheckIds.PE_LOADABLE).orElseThrow();
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertTrue(String.join("\n", c.details()).contains("more than 262144 import lookup entries in all"), c.toString());
    }

    @Test
    void millionsOfRelocationBlocksAreReadInWindowsAndPass() throws Exception {
        Path p = Files.write(out("blocks.dll"), dev.hipdll.testing.HostileDlls.emptyRelocationBlocks(32 << 20));
        dev.hipdll.testing.CountingOpener reads = new dev.hipdll.testing.CountingOpener();
        VerifyReport r = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofMinutes(10),
                () -> new DllVerifier(reads, null).verify(p, options()));  // a hang guard
        Check c = r.check(CheckIds.PE_LOADABLE).orElseThrow(() -> new AssertionError(r.checks().toString()));
        assertEquals(Verdict.PASS, c.verdict(), "4 million empty blocks are well formed (the last one was misread): " + c);
        // one read per 64 KiB window (512 for the 32 MiB of blocks, the headers and the whole-file scan besides), not
        // one per block (4 million): a count of the work, where a wall-clock bound failed on a loaded machine
        assertTrue(reads.reads(p) < 10_000, "one read per 64 KiB, not per block: " + reads.reads(p) + " reads");
    }
}
