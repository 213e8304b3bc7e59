package dev.hipdll.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An export list file is read like a loader source: any line ends, bounded, text only. */
class ExportListFileTest {
    @TempDir
    Path dir;

    private final ExportListParser parser = new ExportListParser("coli_cuda_");

    @Test
    void loneCarriageReturnsAndMixedLineEnds() throws Exception {
        Path f = Files.writeString(dir.resolve("exports.txt"), "# ABI 0.9\rcoli_cuda_init\r\ncoli_cuda_shutdown\rcoli_cuda_graph?\n");
        AbiContract.NamedContract c = parser.parse(f);
        assertEquals(List.of("coli_cuda_init", "coli_cuda_shutdown"), c.required());
        assertEquals(List.of("coli_cuda_graph"), c.optional());
        Path bad = Files.writeString(dir.resolve("bad.txt"), "coli_cuda_init\rcoli cuda x\r");
        assertTrue(assertThrows(ContractException.class, () -> parser.parse(bad)).getMessage()
                .startsWith(bad + ":2: 'coli cuda x' is not an export name"));
    }

    @Test
    void binaryAndHugeFilesAreRefused() throws Exception {
        Path bin = Files.write(dir.resolve("exports.bin"), new byte[] {'c', 'o', 'l', 'i', '\n', 0, 1, 2});
        assertEquals(bin + ":2:1: control character 0x00; expected an export list (one name per line)"
                + " (UTF-8 text; is this a binary or UTF-16 file?)",
                assertThrows(ContractException.class, () -> parser.parse(bin)).getMessage());
        Path huge = dir.resolve("huge.txt");
        try (RandomAccessFile raf = new RandomAccessFile(huge.toFile(), "rw")) {
            raf.setLength(ContractFile.MAX_BYTES + 1L);
        }
        assertEquals(huge + ": 8388609 bytes; expected an export list (one name per line) of at most 8 MiB",
                assertThrows(ContractException.class, () -> parser.parse(huge)).getMessage());
    }
}
