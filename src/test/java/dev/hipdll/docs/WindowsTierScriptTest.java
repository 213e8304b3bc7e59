package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Exec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/windows-tier never passes by skipping: a Windows JRE or LLVM that cannot be had
 * fails it naming the piece (a download that fails, a download whose SHA-256 is not the pinned one), the
 * cache is left without a partial file, and README's test command prepares the tier and forces it on under
 * {@code CI=true}.
 */
class WindowsTierScriptTest {
    @TempDir
    Path cache;

    private Exec.Result prepare(Map<String, String> env) {
        return Exec.run(Path.of("."), List.of("scripts/windows-tier", "--prepare-only"), env);
    }

    @Test
    void aJreThatCannotBeDownloadedFailsTheRunNamingIt() {
        Exec.Result r = prepare(Map.of("HIPDLL_WINDOWS_TIER_CACHE", cache.toString(),
                "HIPDLL_WINDOWS_TIER_JRE_URL", "file://" + cache.resolve("no-such.tgz")));
        assertEquals(1, r.exit(), r.output());
        assertTrue(r.output().contains("FAILED: the Windows JRE (npm @node-plantuml-2/jre-win32-x64@1.1.8) is missing:"
                + " cannot download file://" + cache.resolve("no-such.tgz")), r.output());
    }

    @Test
    void anLlvmWhoseDigestIsNotThePinnedOneFailsTheRunNamingIt() throws Exception {
        Path jre = Files.createDirectories(cache.resolve("jre-win32-x64-1.1.8"));
        Files.createFile(jre.resolve(".complete")); // the JRE is there: the LLVM download is next
        Path forged = Files.writeString(cache.resolve("forged.jar"), "not the LLVM jar", StandardCharsets.UTF_8);
        Exec.Result r = prepare(Map.of("HIPDLL_WINDOWS_TIER_CACHE", cache.toString(),
                "HIPDLL_WINDOWS_TIER_LLVM_URL", "file://" + forged));
        assertEquals(1, r.exit(), r.output());
        assertTrue(r.output().contains("FAILED: the Windows LLVM executables (org.bytedeco:llvm:20.1.7-1.5.12:windows-x86_64):"
                + " file://" + forged + " has SHA-256 "), r.output());
        assertTrue(r.output().contains("expected 2b24586e5f914397baa1745f81f911c00c6ee4f90a414d2326761ebbf41a8b24"),
                r.output());
        assertFalse(Files.exists(cache.resolve("llvm-20.1.7-1.5.12-windows-x86_64.jar.part")), "a partial file stayed");
        assertFalse(Files.exists(cache.resolve("llvm-20.1.7-1.5.12-windows-x86_64/.complete")));
    }

    @Test
    void readmesTestCommandPreparesTheTierAndNeverSkipsItUnderCi() throws Exception {
        String test = Files.readString(Path.of("scripts/test"), StandardCharsets.UTF_8);
        assertTrue(test.contains("\"$project/scripts/windows-tier\" --prepare-only"), test);
        assertTrue(test.contains("[[ \"${CI:-}\" == \"true\" ]] && ci=(-Dwindows-tier.skip=false)"), test);
        String pom = Files.readString(Path.of("pom.xml"), StandardCharsets.UTF_8);
        assertTrue(pom.contains("<argument>${project.basedir}/scripts/windows-tier</argument>"), "verify runs the tier");
    }
}
