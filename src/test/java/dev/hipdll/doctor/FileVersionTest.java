package dev.hipdll.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.pe.DataDirectory;
import dev.hipdll.pe.PeFile;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Toolchain;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runtime DLL versions (PeFile.versionInfo) on DLLs whose VERSIONINFO llvm-rc-19 compiled, and on damaged resource directories. */
class FileVersionTest {
    @TempDir
    Path dir;

    @Test
    void readsTheStandinRuntimesVersion() throws Exception {
        FileVersion v = FileVersion.read(Toolchain.standinSdk().resolve("bin/amdhip64_7.dll")).orElseThrow();
        assertEquals("7.1.25424.0", v.fileVersion());
        assertEquals("7.1.25424.0", v.productVersion());
    }

    @Test
    void readsAChosenVersion() throws Exception {
        Path dll = RuntimeFixtures.runtime(dir, "7,0,65535,12");
        assertEquals("7.0.65535.12", FileVersion.read(dll).orElseThrow().fileVersion());
    }

    @Test
    void aDllWithoutResourcesHasNoVersion() throws Exception {
        Path dll = Fixtures.cDll(dir, "plain.dll", "x86_64-pc-windows-msvc", "int f(void){return 1;}", List.of());
        assertTrue(FileVersion.read(dll).isEmpty());
    }

    @Test
    void aResourceCountPastTheDirectoryIsRejectedWithItsOffset() throws Exception {
        Path dll = RuntimeFixtures.runtime(dir, "7,0,1,0");
        long base;
        try (PeFile pe = PeFile.open(dll)) {
            DataDirectory d = pe.optionalHeader().directory(DataDirectory.RESOURCE_TABLE);
            base = pe.rvaToOffset(d.rva(), 16, "resource directory");
        }
        byte[] bytes = Files.readAllBytes(dll);
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putShort((int) base + 14, (short) 3000);
        Path bad = dir.resolve("bad.dll");
        Files.write(bad, bytes);
        BinaryFormatException e = assertThrows(BinaryFormatException.class, () -> FileVersion.read(bad));
        assertTrue(e.getMessage().contains("resource directory") && e.getMessage().contains("offset 0x"), e.getMessage());
    }

    @Test
    void aDataEntryPointingPastTheFileIsRejected() throws Exception {
        Path dll = RuntimeFixtures.runtime(dir, "7,0,1,0");
        byte[] bytes = Files.readAllBytes(dll);
        long base;
        try (PeFile pe = PeFile.open(dll)) {
            DataDirectory d = pe.optionalHeader().directory(DataDirectory.RESOURCE_TABLE);
            base = pe.rvaToOffset(d.rva(), 16, "resource directory");
        }
        // type -> name -> language -> IMAGE_RESOURCE_DATA_ENTRY at 0x48 (llvm-rc's layout for one resource)
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt((int) base + 0x48, 0x7ffffff0);
        Path bad = dir.resolve("bad.dll");
        Files.write(bad, bytes);
        assertThrows(BinaryFormatException.class, () -> FileVersion.read(bad));
    }
}
