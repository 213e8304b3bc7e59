package dev.hipdll.pe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.testing.Toolchain;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DLL an import library makes a program import, read from real libraries (llvm-dlltool's,
 * llvm-lib's) and refused clearly for hostile ones.
 */
class ImportLibraryTest {
    @TempDir
    Path dir;

    @Test
    void theStandinSdksImportLibrariesNameTheirDlls() throws Exception {
        Path lib = Toolchain.standinSdk().resolve("lib");
        assertEquals(Optional.of("amdhip64_7.dll"), ImportLibrary.dllName(lib.resolve("amdhip64.lib")));
        assertEquals(Optional.of("hipblas.dll"), ImportLibrary.dllName(lib.resolve("hipblas.lib")));
        assertEquals(Optional.empty(), ImportLibrary.dllName(lib.resolve("msvc-standin/libcmt.lib")),
                "a static library imports nothing");
    }

    @Test
    void aFileThatIsNotAnArchiveIsNamed() throws Exception {
        Path f = Files.writeString(dir.resolve("x.lib"), "MZ not an archive", StandardCharsets.US_ASCII);
        BinaryFormatException e = assertThrows(BinaryFormatException.class, () -> ImportLibrary.dllName(f));
        assertTrue(e.getMessage().contains("x.lib") && e.getMessage().contains("not a COFF library"), e.getMessage());
    }

    @Test
    void aMemberSizePastTheEndIsRefused() throws Exception {
        byte[] header = String.format("%-16s%-12s%-6s%-6s%-8s%-10s`\n", "/", "0", "0", "0", "0", "999999")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] file = new byte[8 + header.length + 4];
        System.arraycopy("!<arch>\n".getBytes(StandardCharsets.US_ASCII), 0, file, 0, 8);
        System.arraycopy(header, 0, file, 8, header.length);
        Path f = Files.write(dir.resolve("cut.lib"), file);
        BinaryFormatException e = assertThrows(BinaryFormatException.class, () -> ImportLibrary.dllName(f));
        assertTrue(e.getMessage().contains("member size 999999 runs past the end of the file"), e.getMessage());
    }

    @Test
    void aSizeThatIsNotDecimalIsRefused() throws Exception {
        byte[] header = String.format("%-16s%-12s%-6s%-6s%-8s%-10s`\n", "/", "0", "0", "0", "0", "-5")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] file = new byte[8 + header.length];
        System.arraycopy("!<arch>\n".getBytes(StandardCharsets.US_ASCII), 0, file, 0, 8);
        System.arraycopy(header, 0, file, 8, header.length);
        Path f = Files.write(dir.resolve("neg.lib"), file);
        BinaryFormatException e = assertThrows(BinaryFormatException.class, () -> ImportLibrary.dllName(f));
        assertTrue(e.getMessage().contains("expected a decimal size, found \"-5\""), e.getMessage());
    }
}
