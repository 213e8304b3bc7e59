package dev.hipdll.pe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.ReadobjOracle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our PE reader against llvm-readobj-19 on DLLs built here with clang-19 / lld-link-19: the
 * example backend (through the stand-in hipcc), a DLL with ordinal-only exports, forwarders,
 * imports by ordinal and delay-load imports, one with a PDB path, and a PE32 (x86) DLL.
 */
public class PeReaderDifferentialTest {
    @TempDir
    Path dir;

    static final String EXPORTS_C = """
            __declspec(dllimport) int __cdecl other_by_name(int);
            __declspec(dllimport) int __cdecl other_by_ordinal(int);
            __declspec(dllimport) int __cdecl lazy_fn(int);
            int __cdecl plain_export(int x) { return other_by_name(x) + other_by_ordinal(x); }
            int __cdecl ordinal_only(int x) { return x * 3; }
            int __cdecl lazy_user(int x) { return lazy_fn(x); }
            /* A minimal delay-load helper: the linker calls it on first use. */
            void *__stdcall __delayLoadHelper2(const void *desc, void **iat) { return 0; }
            """;

    @Test
    void exampleBackendMatchesReadobj() throws IOException {
        Path dll = Fixtures.exampleDll(dir, "coli_hip.dll", List.of("gfx1151"), List.of());
        assertSame(dll);
        try (PeFile pe = PeFile.open(dll)) {
            assertEquals(48, pe.exports().symbols().stream().filter(s -> s.name() != null && s.name().startsWith("coli_cuda_")).count());
            assertTrue(pe.section(".hip_fat").isPresent(), "device code section");
        }
    }

    @Test
    void ordinalsForwardersAndDelayImportsMatchReadobj() throws IOException {
        Files.writeString(dir.resolve("other.def"), "LIBRARY other.dll\nEXPORTS\nother_by_name\nother_by_ordinal @7 NONAME\n");
        Files.writeString(dir.resolve("lazy.def"), "LIBRARY lazy.dll\nEXPORTS\nlazy_fn\n");
        Exec.ok(dir, List.of("llvm-dlltool-19", "-m", "i386:x86-64", "-d", "other.def", "-l", "other.lib"));
        Exec.ok(dir, List.of("llvm-dlltool-19", "-m", "i386:x86-64", "-d", "lazy.def", "-l", "lazy.lib"));
        Files.writeString(dir.resolve("t.def"), """
                EXPORTS
                plain_export
                ordinal_only @42 NONAME
                lazy_user
                forwarded = KERNEL32.HeapAlloc
                forwarded_by_ordinal = OTHER.#12
                """);
        Path dll = Fixtures.cDll(dir, "t.dll", "x86_64-pc-windows-msvc", EXPORTS_C,
                List.of("/def:t.def", "other.lib", "lazy.lib", "/delayload:lazy.dll"));
        assertSame(dll);
        try (PeFile pe = PeFile.open(dll)) {
            assertTrue(pe.exports().symbols().stream().anyMatch(s -> s.name() == null && s.ordinal() == 42));
            assertTrue(pe.exports().symbols().stream().anyMatch(s -> "KERNEL32.HeapAlloc".equals(s.forwarder())));
            assertEquals(List.of("lazy.dll"), pe.delayImports().stream().map(ImportedModule::dllName).toList());
            assertTrue(pe.imports().stream().flatMap(m -> m.symbols().stream()).anyMatch(s -> s.byOrdinal() && s.ordinal() == 7));
        }
    }

    @Test
    void pdbPathMatchesReadobj() throws IOException {
        Path dll = Fixtures.cDll(dir, "dbg.dll", "x86_64-pc-windows-msvc", "int __cdecl f(void) { return 1; }\n",
                List.of("/debug", "/pdb:" + dir.resolve("dbg.pdb"), "/export:f"));
        assertSame(dll);
        try (PeFile pe = PeFile.open(dll)) {
            assertTrue(pe.debugEntries().stream().anyMatch(d -> dir.resolve("dbg.pdb").toString().equals(d.pdbPath())));
        }
    }

    @Test
    void pe32DllMatchesReadobj() throws IOException {
        Path dll = Fixtures.cDll(dir, "x86.dll", "i686-pc-windows-msvc", """
                int __stdcall _DllMainCRTStartup(void *h, unsigned long r, void *p) { return 1; }
                __declspec(dllexport) int __cdecl f32(int x) { return x + 1; }
                __declspec(dllexport) int __stdcall g32(int x) { return x + 2; }
                """, List.of());
        assertSame(dll);
        try (PeFile pe = PeFile.open(dll)) {
            assertEquals(OptionalHeader.PE32, pe.optionalHeader().magic());
            assertEquals(CoffHeader.MACHINE_I386, pe.coffHeader().machine());
        }
    }

    static final String MINGW_C = """
            __declspec(dllimport) void *__stdcall GetProcessHeap(void);
            __declspec(dllimport) void *__stdcall HeapAlloc(void *heap, unsigned long flags, unsigned long long n);
            __declspec(dllexport) int mingw_export(int x) { return x + (GetProcessHeap() != 0); }
            __declspec(dllexport) void *__stdcall mingw_alloc(unsigned long long n) { return HeapAlloc(GetProcessHeap(), 0, n); }
            __declspec(dllexport) int mingw_data = 42;
            int __stdcall DllMainCRTStartup(void *h, unsigned long r, void *p) { return 1; }
            """;

    @Test
    void mingwX64DllWithLongSectionNamesMatchesReadobj() throws IOException {
        Path dll = Fixtures.mingwDll(dir, "mingw64.dll", "x86_64-w64-windows-gnu", MINGW_C, List.of("-g"));
        assertSame(dll);
        try (PeFile pe = PeFile.open(dll)) {
            assertTrue(pe.section(".debug_info").isPresent(), "long name resolved through the COFF string table");
            assertTrue(pe.exports().symbols().stream().anyMatch(s -> "mingw_alloc".equals(s.name())));
        }
    }

    @Test
    void mingwX86DllMatchesReadobj() throws IOException {
        Path dll = Fixtures.mingwDll(dir, "mingw32.dll", "i686-w64-windows-gnu", MINGW_C, List.of());
        assertSame(dll);
        try (PeFile pe = PeFile.open(dll)) {
            assertEquals(OptionalHeader.PE32, pe.optionalHeader().magic());
        }
    }

    /** Compares everything llvm-readobj-19 reports with what PeFile reads. */
    public static void assertSame(Path dll) throws IOException {
        ReadobjOracle ref = ReadobjOracle.of(dll);
        try (PeFile pe = PeFile.open(dll)) {
            assertEquals(ref.machine(), pe.coffHeader().machineName(), "machine");
            assertEquals(ref.magic(), pe.optionalHeader().magic(), "optional header magic");
            assertEquals(ref.characteristics(), pe.coffHeader().characteristics(), "COFF characteristics");
            assertEquals(ref.dataDirectories(), pe.dataDirectories().stream().map(d -> String.format("%s rva=0x%X size=0x%X",
                    d.name(), d.rva(), d.size())).toList(), "data directories");
            assertEquals(ref.sections(), pe.sections().stream().map(s -> String.format(
                    "%s vsize=0x%X va=0x%X rawsize=0x%X rawptr=0x%X chars=0x%X", s.name(), s.virtualSize(),
                    s.virtualAddress(), s.sizeOfRawData(), s.pointerToRawData(), s.characteristics())).toList(), "sections");
            List<String> imports = new ArrayList<>();
            for (ImportedModule m : pe.imports()) {
                imports.add(m.dllName() + ": " + m.symbols().stream().map(ImportedSymbol::toString).collect(Collectors.joining(",")));
            }
            for (ImportedModule m : pe.delayImports()) {
                imports.add("delay " + m.dllName() + ": " + m.symbols().stream().map(ImportedSymbol::toString)
                        .collect(Collectors.joining(",")));
            }
            assertEquals(ref.imports(), imports, "imports");
            List<String> exports = pe.exports().symbols().stream().map(s -> s.ordinal() + " "
                    + (s.name() == null ? "-" : s.name())
                    + (s.isForwarder() ? " -> " + s.forwarder() : String.format(" 0x%X", s.rva()))).toList();
            assertEquals(ref.exports(), exports, "exports");
            assertEquals(ref.pdbPaths(), pe.debugEntries().stream().filter(d -> d.pdbPath() != null)
                    .map(DebugEntry::pdbPath).toList(), "PDB paths");
        }
    }
}
