package dev.hipdll.sdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.digest.Sha256;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.gfx.InvalidTargetException;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HIP SDK's clang says which processors it compiles for. */
class SdkProcessorsTest {
    @TempDir
    Path dir;

    private static Path standinClang() {
        Toolchain.require("clang-19");
        return Toolchain.standinSdk().resolve("lib/llvm/bin/clang");
    }

    @Test
    void theStandinSdksClangListsWhatClang19Knows() throws Exception {
        Path clang = standinClang();
        SdkProcessors p = SdkProcessors.ask(clang, Sha256.of(clang), Map.of("PATH", "/usr/bin:/bin"), dir.resolve("cache"),
                new ProcessRunner(Duration.ofSeconds(60))).orElseThrow();
        assertTrue(p.processors().containsAll(List.of("gfx1151", "gfx1100", "gfx90a", "gfx942", "gfx11-generic")),
                p.processors().toString());
        assertFalse(p.processors().contains("gfx950"), "clang 19 has no gfx950: " + p.processors());
        assertFalse(p.processors().contains("gfx1250"), p.processors().toString());
        assertTrue(p.processors().stream().allMatch(n -> n.startsWith("gfx")), "aliases such as fiji are left out");
    }

    @Test
    void theAnswerIsKeptPerClangDigest() throws Exception {
        Path clang = standinClang();
        String sha = Sha256.of(clang);
        Path cache = dir.resolve("cache");
        SdkProcessors first = SdkProcessors.ask(clang, sha, Map.of("PATH", "/usr/bin:/bin"), cache,
                new ProcessRunner(Duration.ofSeconds(60))).orElseThrow();
        assertTrue(Files.isRegularFile(cache.resolve(sha + ".txt")));
        // the second ask does not start clang: a clang that cannot run still gets the kept answer
        SdkProcessors again = SdkProcessors.ask(dir.resolve("no-clang"), sha, Map.of(), cache,
                new ProcessRunner(Duration.ofSeconds(60))).orElseThrow();
        assertEquals(first.processors(), again.processors());
        assertTrue(SdkProcessors.ask(dir.resolve("no-clang"), "0".repeat(64), Map.of(), cache,
                new ProcessRunner(Duration.ofSeconds(60))).isEmpty(), "another digest is asked, and cannot be");
    }

    @Test
    void aKeptAnswerLackingANeededTargetIsAskedAgainOfClang() throws Exception {
        // The kept answer lives under target/, which a build cache restores
        Path clang = standinClang();
        String sha = Sha256.of(clang);
        Path cache = dir.resolve("cache");
        Files.createDirectories(cache);
        Files.writeString(cache.resolve(sha + ".txt"), "gfx1100\ngfx90a\n");
        SdkProcessors p = SdkProcessors.ask(clang, sha, Map.of("PATH", "/usr/bin:/bin"), cache,
                new ProcessRunner(Duration.ofSeconds(60)), java.util.Set.of("gfx1151")).orElseThrow();
        assertTrue(p.processors().contains("gfx1151"), p.processors().toString());
        assertTrue(Files.readAllLines(cache.resolve(sha + ".txt")).contains("gfx1151"), "the fresh answer is kept");
        // a kept answer that lists what is needed is used without asking (a clang that cannot run still answers)
        assertEquals(p.processors(), SdkProcessors.ask(dir.resolve("no-clang"), sha, Map.of(), cache,
                new ProcessRunner(Duration.ofSeconds(60)), java.util.Set.of("gfx1151")).orElseThrow().processors());
    }

    @Test
    void aTargetTheSdkLacksIsRefusedNamingTheSdkAndItsList() {
        SdkProcessors p = new SdkProcessors(Path.of("/sdk/lib/llvm/bin/clang"), new TreeSet<>(List.of("gfx1100", "gfx1151")));
        InvalidTargetException e = assertThrows(InvalidTargetException.class,
                () -> p.check(GfxTargetList.parse("gfx1151,gfx1250"), "6.4.50701"));
        assertEquals("gfx target gfx1250: the HIP SDK 6.4.50701 cannot compile for gfx1250 (its clang"
                + " /sdk/lib/llvm/bin/clang lists gfx1100, gfx1151); name one of those, or use an SDK whose clang"
                + " supports gfx1250", e.getMessage());
        // in the plugin's table, but not in this SDK: the SDK decides
        assertThrows(InvalidTargetException.class, () -> p.check(GfxTargetList.parse("gfx950"), "6.4.50701"));
    }

    @Test
    void theListIsSortedByFamilyAndNumberAndANearMissIsNamed() {
        SdkProcessors p = new SdkProcessors(Path.of("/sdk/clang"), "19.1.7", new TreeSet<>(List.of("gfx1030", "gfx1151",
                "gfx11-generic", "gfx600", "gfx90a", "gfx1201", "gfx908", "gfx9-4-generic", "gfx9-generic", "gfx1100",
                "gfx1011")));
        // gfx1011 is one substitution from gfx1511 and comes first; gfx1151 is the swap the user made
        assertEquals(List.of("gfx600", "gfx908", "gfx90a", "gfx9-generic", "gfx9-4-generic", "gfx1011", "gfx1030", "gfx1100",
                "gfx1151", "gfx11-generic", "gfx1201"), List.copyOf(p.processors()));
        InvalidTargetException e = assertThrows(InvalidTargetException.class,
                () -> p.check(GfxTargetList.parse("gfx1511"), "7.1.25424"));
        assertEquals("gfx target gfx1511: the HIP SDK 7.1.25424 (clang 19.1.7) cannot compile for gfx1511 (its clang"
                + " /sdk/clang lists gfx600, gfx908, gfx90a, gfx9-generic, gfx9-4-generic, gfx1011, gfx1030, gfx1100, gfx1151,"
                + " gfx11-generic, gfx1201); did you mean gfx1151?; name one of those, or use an SDK whose clang supports"
                + " gfx1511", e.getMessage());
        // another GPU two digits away is no typo: no suggestion
        assertFalse(assertThrows(InvalidTargetException.class, () -> p.check(GfxTargetList.parse("gfx1250"), "7.1"))
                .getMessage().contains("did you mean"));
    }

    @Test
    void aTargetTheSdkHasAndTheTableLacksIsAcceptedWithANote() {
        SdkProcessors p = new SdkProcessors(Path.of("clang"), new TreeSet<>(List.of("gfx1151", "gfx1250")));
        List<String> notes = p.check(GfxTargetList.parse("gfx1151,gfx1250"), "7.2.1");
        assertEquals(List.of("gfx target gfx1250: gfx1250 is not in the plugin's processor table; the HIP SDK 7.2.1"
                + " compiles for it (its clang lists it), so it is accepted; hipdll:verify cannot say which GPUs run it"
                + " or check its code objects' processor field"), notes);
    }

    @Test
    void clangsOutputIsReadFromItsListOnly() {
        List<String> out = List.of("clang version 20.1.7", "Target: amdgcn-amd-amdhsa", "Available CPUs for this target:",
                "", "\tbonaire", "\tgfx1250", "\tgfx12-5-generic", "", "Use -mcpu or -mtune to specify the target's"
                + " processor.", "For example, clang --target=aarch64-unknown-linux-gnu -mcpu=cortex-a35", " gfx9999");
        SdkProcessors parsed = SdkProcessors.parse(Path.of("clang"), out).orElseThrow();
        assertEquals(List.of("gfx1250", "gfx12-5-generic"), List.copyOf(parsed.processors()));
        assertEquals("20.1.7", parsed.clangVersion());
        assertTrue(SdkProcessors.parse(Path.of("clang"), List.of("clang: error: unknown argument")).isEmpty());
    }
}
