package dev.hipdll.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.digest.ChecksumList;
import dev.hipdll.digest.FileDigests;
import dev.hipdll.digest.Sha256;
import dev.hipdll.pe.PeFile;
import dev.hipdll.testing.Toolchain;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Special files are refused by their attributes, never opened: every reader the
 * build, verify, load-check and doctor share (the standard {@link FileOpener}, {@link Sha256},
 * {@link FileDigests}, {@link PeFile}, the checksum file) and the directory listing. Each call would
 * block forever on the pipe if it opened it.
 */
class SpecialFilesTest {
    @TempDir
    Path dir;
    Path fifo;

    @BeforeEach
    void setUp() throws Exception {
        Toolchain.require("mkfifo");
        fifo = dir.resolve("pipe.dll");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor());
    }

    private void refused(org.junit.jupiter.api.function.Executable call) {
        IOException e = assertTimeoutPreemptively(Duration.ofMinutes(5), () -> assertThrows(IOException.class, call));
        assertTrue(e.getMessage().contains(fifo.toString()) && e.getMessage().contains("a named pipe, socket or device"
                + " (a special file), not a regular file; it was not opened"), e.getMessage());
    }

    @Test
    void everyReaderRefusesAPipe() {
        refused(() -> FileOpener.standard().open(fifo));
        refused(() -> Sha256.of(fifo));
        refused(() -> new FileDigests().of(fifo));
        refused(() -> PeFile.open(fifo));
        refused(() -> ChecksumList.digestFor(fifo, fifo.resolveSibling("coli_hip.dll")));
    }

    @Test
    void aPipeIsListedAsNoDirectory() throws Exception {
        assertEquals(List.of(), assertTimeoutPreemptively(Duration.ofMinutes(5), () -> SpecialFiles.list(fifo, null)));
        assertTrue(SpecialFiles.isSpecial(fifo));
        assertEquals("a named pipe, socket or device (a special file)", SpecialFiles.kind(fifo));
    }

    @Test
    void aRegularFileAndAMissingOneGoThrough() throws Exception {
        Path f = Files.writeString(dir.resolve("f"), "x");
        assertEquals(f, SpecialFiles.requireRegular(f));
        assertEquals(dir.resolve("none"), SpecialFiles.requireRegular(dir.resolve("none")));
    }
}
