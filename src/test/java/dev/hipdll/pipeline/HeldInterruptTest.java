package dev.hipdll.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A finished step's record is written while the build is being stopped, and the stop is kept. */
class HeldInterruptTest {
    @TempDir
    Path dir;

    @Test
    void anInterruptedThreadStillWritesAndStaysInterrupted() throws Exception {
        Path f = dir.resolve("record.json");
        Thread.currentThread().interrupt();
        try {
            // without it, NIO refuses: a file channel closes at once on an interrupted thread (reading the
            // step's inputs for its fingerprints, or writing its record)
            assertThrows(ClosedByInterruptException.class, () -> write(dir.resolve("plain.json"), "{}"));
            assertTrue(Thread.interrupted(), "NIO leaves the interrupt set");
            Thread.currentThread().interrupt();
            HeldInterrupt.run(() -> write(f, "{\"ok\":true}"));
            assertTrue(Thread.currentThread().isInterrupted(), "the stop is kept for the executor");
        } finally {
            Thread.interrupted();
        }
        assertEquals("{\"ok\":true}", Files.readString(f));
    }

    private static void write(Path f, String text) throws java.io.IOException {
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ch.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
        }
    }

    @Test
    void anInterruptDuringTheWriteGetsOneMoreTry() throws Exception {
        AtomicInteger tries = new AtomicInteger();
        try {
            HeldInterrupt.run(() -> {
                if (tries.incrementAndGet() == 1) {
                    Thread.currentThread().interrupt();  // the executor stops the build mid-write
                    throw new ClosedByInterruptException();
                }
                assertTrue(!Thread.currentThread().isInterrupted(), "held back for the second try");
            });
            assertEquals(2, tries.get());
            assertTrue(Thread.currentThread().isInterrupted(), "and set again afterwards");
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void anUninterruptedThreadStaysUninterrupted() throws Exception {
        HeldInterrupt.run(() -> Files.writeString(dir.resolve("r.json"), "{}"));
        assertTrue(!Thread.currentThread().isInterrupted());
    }
}
