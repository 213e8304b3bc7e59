package dev.hipdll.incremental;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Committed and pending stamps: JSON round trip, promotion only for the verified bytes, no half-written files. */
class StampStoreTest {
    @TempDir
    Path dir;

    private BuildStamp stampOf(Path dll) throws Exception {
        return new BuildStamp(BuildStamp.FORMAT_VERSION, "0.1.0", new TreeMap<>(Map.of("defines", "A=1")),
                List.of("gfx1151"), List.of(), List.of(), "7.1.25424", List.of(), null, null,
                new TreeMap<>(Map.of("PATH", "abc")), FileFingerprint.of(dll));
    }

    @Test
    void commitReadsBackEqual() throws Exception {
        Path dll = Files.writeString(dir.resolve("coli_hip.dll"), "MZ");
        StampStore store = new StampStore(dll);
        BuildStamp s = stampOf(dll);
        store.commit(s);
        assertEquals(s, store.committed().orElseThrow());
        assertEquals(dir.resolve("coli_hip.dll.stamp.json"), store.committedFile());
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "only the DLL and the stamp: no temporary file left");
        }
    }

    @Test
    void pendingIsPromotedOnlyForTheVerifiedBytes() throws Exception {
        Path dll = Files.writeString(dir.resolve("coli_hip.dll"), "MZ");
        StampStore store = new StampStore(dll);
        store.writePending(stampOf(dll));
        assertTrue(store.committed().isEmpty(), "pending is not committed");
        assertTrue(store.promotePending());
        assertTrue(store.committed().isPresent());
        assertFalse(Files.exists(store.pendingFile()));

        store.clear();
        store.writePending(stampOf(dll));
        Files.writeString(dll, "MZ replaced after the build");
        assertFalse(store.promotePending(), "the DLL verify saw is not the one stamped");
        assertTrue(store.committed().isEmpty());
        assertFalse(Files.exists(store.pendingFile()));
    }

    @Test
    void discardAndMalformed() throws Exception {
        Path dll = Files.writeString(dir.resolve("coli_hip.dll"), "MZ");
        StampStore store = new StampStore(dll);
        store.writePending(stampOf(dll));
        store.discardPending();
        assertFalse(store.promotePending());
        Files.writeString(store.committedFile(), "{ \"formatVersion\": 1, \"targets\": [");
        assertTrue(store.committed().isEmpty(), "a truncated stamp reads as none");
    }
}
