package dev.hipdll.pe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.testing.MiniPe;
import dev.hipdll.testing.Toolchain;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check hipdll:build makes before it publishes what hipcc wrote: a whole PE32+ DLL passes; an
 * empty file, text, a PE32 image, an executable and a DLL cut short anywhere (a real lld-link DLL,
 * the stand-in SDK's runtime) fail with a message naming the file, the structure and the problem.
 */
class DllImageCheckTest {
    @TempDir
    Path dir;

    private Path write(String name, byte[] bytes) throws Exception {
        return Files.write(dir.resolve(name), bytes);
    }

    private BinaryFormatException rejects(Path file, String... words) {
        BinaryFormatException e = assertThrows(BinaryFormatException.class, () -> DllImageCheck.check(file));
        assertTrue(e.getMessage().startsWith(file.toString() + ": "), e.getMessage());
        for (String w : words) {
            assertTrue(e.getMessage().contains(w), () -> "'" + w + "' not in: " + e.getMessage());
        }
        return e;
    }

    @Test
    void aWholeDllPasses() throws Exception {
        Path dll = write("good.dll", new MiniPe().build());
        assertEquals("PE32+ DLL, IMAGE_FILE_MACHINE_AMD64, 1 sections, 1536 bytes", DllImageCheck.check(dll));
    }

    @Test
    void emptyAndTextFilesFail() throws Exception {
        rejects(write("empty.dll", new byte[0]), "is empty (0 bytes)");
        rejects(write("text.dll", "clang: error: linker command failed\n".repeat(4).getBytes()), "'MZ'", "not a PE image");
    }

    @Test
    void pe32AndExecutablesFail() throws Exception {
        byte[] pe32 = new MiniPe().build();
        ByteBuffer.wrap(pe32).order(ByteOrder.LITTLE_ENDIAN).putShort(MiniPe.PE_OFFSET + 24, (short) 0x10b);
        // a PE32 header is 16 bytes shorter; the reader rejects or this check does: either names the optional header
        rejects(write("pe32.dll", pe32), "optional header");
        byte[] exe = new MiniPe().build();
        ByteBuffer.wrap(exe).order(ByteOrder.LITTLE_ENDIAN).putShort(MiniPe.PE_OFFSET + 4 + 18, (short) 0x0022);
        rejects(write("exe.dll", exe), "COFF file header Characteristics", "lacks IMAGE_FILE_DLL");
    }

    @Test
    void aDllCutShortAnywhereFails() throws Exception {
        byte[] good = new MiniPe().build();
        rejects(write("cut-in-section.dll", Arrays.copyOf(good, good.length - 1)), "section '.data' raw data",
                "but the file is 1535 bytes", "truncated");
        rejects(write("cut-after-headers.dll", Arrays.copyOf(good, MiniPe.SECTION_OFFSET)), "section '.data'", "truncated");
        rejects(write("cut-in-headers.dll", Arrays.copyOf(good, MiniPe.PE_OFFSET + 10)), "COFF file header");
    }

    @Test
    void aRealLinkerDllCutAtEverySectionFails() throws Exception {
        Path real = Toolchain.standinSdk().resolve("bin/amdhip64_7.dll");
        byte[] bytes = Files.readAllBytes(real);
        assertTrue(DllImageCheck.check(real).startsWith("PE32+ DLL, IMAGE_FILE_MACHINE_AMD64, "));
        List<SectionHeader> sections;
        try (PeFile pe = PeFile.open(real)) {
            sections = pe.sections();
        }
        assertTrue(sections.size() >= 2, sections.toString());
        for (SectionHeader s : sections) {
            if (s.sizeOfRawData() == 0) {
                continue;
            }
            int cut = (int) (s.pointerToRawData() + s.sizeOfRawData() / 2);
            rejects(write("cut.dll", Arrays.copyOf(bytes, cut)), "truncated");
        }
        rejects(write("half.dll", Arrays.copyOf(bytes, bytes.length / 2)), "truncated");
    }
}
