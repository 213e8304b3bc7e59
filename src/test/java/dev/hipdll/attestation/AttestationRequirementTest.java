package dev.hipdll.attestation;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.verify.DllChoice;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Only a DLL hipdll:build linked in this very Maven build goes without an attestation when keys are trusted: one the
 * build found up to date (a restored cache entry brings its own stamp), one a build cache restored (build skipped),
 * another file named with -Dhip.dll, and any DLL verified without a project need one.
 */
class AttestationRequirementTest {
    private final Path dll = Path.of("/p/target/hipdll/coli_hip.dll");
    private final Path def = dll;

    @Test
    void aDllLinkedInThisBuildNeedsNone() {
        DllChoice built = DllChoice.choose(dll, false, def, Optional.of(dll));
        AttestationRequirement r = AttestationRequirement.of(built, true, true, "");
        assertFalse(r.required(), r.why());
    }

    @Test
    void anUpToDateDllNeedsOne() {
        DllChoice built = DllChoice.choose(dll, false, def, Optional.of(dll));
        AttestationRequirement r = AttestationRequirement.of(built, false, true, "");
        assertTrue(r.required());
        assertTrue(r.why().contains("found this DLL up to date"), r.why());
    }

    @Test
    void aDllRestoredByTheBuildCacheNeedsOne() {
        DllChoice restored = DllChoice.choose(dll, false, def, Optional.empty());
        AttestationRequirement r = AttestationRequirement.of(restored, false, true,
                "the Build Cache Extension is configured (/p/.mvn/extensions.xml)");
        assertTrue(r.required());
        assertTrue(r.why().contains("did not run in this Maven build") && r.why().contains("Build Cache Extension"), r.why());
    }

    @Test
    void anotherFileOrNoProjectNeedsOne() {
        DllChoice other = DllChoice.choose(Path.of("/downloads/x.dll"), true, def, Optional.of(dll));
        assertTrue(AttestationRequirement.of(other, true, true, "").required(), "-Dhip.dll names another file");
        DllChoice standalone = DllChoice.choose(Path.of("/downloads/x.dll"), true, null, Optional.empty());
        AttestationRequirement r = AttestationRequirement.of(standalone, false, false, "");
        assertTrue(r.required());
        assertTrue(r.why().contains("no project"), r.why());
    }
}
