package dev.hipdll.pe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The version resource of a DLL whose {@code VS_VERSIONINFO} was compiled by llvm-rc-19 from a
 * resource script and linked by lld-link-19: the values written in the script must come back.
 */
class VersionResourceTest {
    @TempDir
    Path dir;

    @Test
    void fileAndProductVersionFromTheStringTableAndTheFixedInfo() throws Exception {
        Toolchain.require("llvm-rc-19");
        Files.writeString(dir.resolve("v.rc"), """
                1 VERSIONINFO
                FILEVERSION 7,1,25,301
                PRODUCTVERSION 0,1,0,0
                FILEFLAGSMASK 0x3f
                FILEOS 0x40004
                FILETYPE 0x2
                BEGIN
                  BLOCK "StringFileInfo"
                  BEGIN
                    BLOCK "040904b0"
                    BEGIN
                      VALUE "CompanyName", "colibri"
                      VALUE "FileDescription", "HIP backend"
                      VALUE "FileVersion", "7.1.25.301-gfx1151"
                      VALUE "ProductVersion", "0.1.0-SNAPSHOT"
                    END
                  END
                  BLOCK "VarFileInfo"
                  BEGIN
                    VALUE "Translation", 0x409, 1200
                  END
                END
                STRINGTABLE { 1, "a string" }
                """);
        Exec.ok(dir, List.of(Toolchain.tool("llvm-rc-19").toString(), "/FO", dir.resolve("v.res").toString(),
                "--", dir.resolve("v.rc").toString()));  // "--": a path such as /check/... is not llvm-rc's /C
        Path dll = Fixtures.cDll(dir, "v.dll", "x86_64-pc-windows-msvc", "__declspec(dllexport) int f(void) { return 1; }\n",
                List.of(dir.resolve("v.res").toString()));
        PeReaderDifferentialTest.assertSame(dll);
        try (PeFile pe = PeFile.open(dll)) {
            VersionInfo v = pe.versionInfo().orElseThrow();
            assertEquals("7.1.25.301-gfx1151", v.fileVersion().orElseThrow());
            assertEquals("0.1.0-SNAPSHOT", v.productVersion().orElseThrow());
            assertEquals("7.1.25.301", v.fixedFileVersion());
            assertEquals("0.1.0.0", v.fixedProductVersion());
            assertEquals("HIP backend", v.strings().get("FileDescription"));
            assertEquals(2, pe.resources().size(), "a version and a string table: " + pe.resources());
            assertTrue(pe.resources().stream().anyMatch(r -> r.type() == ResourceEntry.RT_VERSION && r.nameId() == 1
                    && r.language() == 0x409));
            // every table is read once (ReadOnce): the same value again, nothing more charged to the budget
            List<Object> first = List.of(pe.resources(), pe.versionInfo(), pe.debugEntries(), pe.imports(),
                    pe.exports());
            long names = pe.budget().nameBytes();
            long entries = pe.budget().entries();
            List<Object> again = List.of(pe.resources(), pe.versionInfo(), pe.debugEntries(), pe.imports(),
                    pe.exports());
            for (int i = 0; i < first.size(); i++) {
                assertSame(first.get(i), again.get(i), "table " + i + " was read again");
            }
            assertEquals(names, pe.budget().nameBytes());
            assertEquals(entries, pe.budget().entries());
        }
    }

    @Test
    void imageWithoutResourcesHasNoVersion() throws Exception {
        Path dll = Fixtures.cDll(dir, "n.dll", "x86_64-pc-windows-msvc", "__declspec(dllexport) int f(void) { return 1; }\n",
                List.of());
        try (PeFile pe = PeFile.open(dll)) {
            assertTrue(pe.versionInfo().isEmpty());
            assertTrue(pe.resources().isEmpty());
        }
    }
}
