package dev.hipdll.digest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DllArtifactTest {
    @Test
    void provenanceClassifierFollowsTheDll() {
        assertEquals("windows-x86_64-provenance", new DllArtifact(DllArtifact.DEFAULT_CLASSIFIER).provenanceClassifier());
        assertEquals("gfx1151-provenance", new DllArtifact("gfx1151").provenanceClassifier());
    }

    @Test
    void classifierWithPathOrSpaceIsRefused() {
        for (String bad : new String[] {"", " ", "a/b", "a b", "x:y"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new DllArtifact(bad));
            assertTrue(e.getMessage().startsWith("hip.classifier"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new DllArtifact(null));
    }
}
