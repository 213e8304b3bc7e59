package dev.hipdll.pe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.GuardedDll;
import dev.hipdll.testing.LoadConfigFuzz;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load configuration reader under a fixed number of seeded mutants: {@link LoadConfigFuzz} in a
 * JVM with {@code -Xmx64m} mutates only the load configuration of a real /guard:cf /CETCOMPAT DLL built here
 * ({@link GuardedDll}), 300 mutants, the same on every run ({@code -Dhipdll.fuzz.seed}, {@code
 * -Dhipdll.fuzz.loadConfigMutants}). No crash, hang or out-of-memory; and no {@code hardening.guard-cf} or
 * {@code hardening.cet-compat} PASS on a mutant llvm-readobj-19 {@code --coff-load-config} refuses (such a mutant is
 * kept in {@code target/fuzz-holes}). The 10 s per mutant is a hang guard, not a measure.
 */
@Tag("fuzz")
class LoadConfigFuzzTest {
    @TempDir
    Path dir;

    @Test
    void mutantsOfTheLoadConfigurationNeverCrashAndNeverPassWhereReadobjRefuses() throws Exception {
        Toolchain.require("llvm-readobj-19");
        Path dll = GuardedDll.build(dir.resolve("built"));
        long seed = Long.getLong("hipdll.fuzz.seed", 20261206L);
        int mutants = Integer.getInteger("hipdll.fuzz.loadConfigMutants", 300);
        Path out = Files.createDirectories(dir.resolve("out"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Exec.Result r = Exec.run(dir, List.of(java, "-Xmx64m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                LoadConfigFuzz.class.getName(), out.toString(), Integer.toString(mutants), Long.toString(seed), dll.toString(),
                Long.toString(GuardedDll.loadConfigOffset(dll))));
        System.out.println(r.output());
        assertEquals(0, r.exit(), "the fuzz JVM ended abnormally: " + r.output());
        Matcher m = Pattern.compile("fuzz: seed \\d+, max heap \\d+ MiB: (\\d+) mutants, (\\d+) with a hardening PASS,"
                + " (\\d+) without, (\\d+) crashes, (\\d+) hangs").matcher(r.output());
        assertTrue(m.find(), r.output());
        assertEquals("0", m.group(4), "crashes (and out-of-memory errors)");
        assertEquals("0", m.group(5), "hangs");
        List<String> holes = new ArrayList<>();
        int checked = 0;
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.sorted().toList()) {
                if (!f.getFileName().toString().startsWith("pass-")) {
                    continue;
                }
                checked++;
                if (!GuardedDll.readobjAccepts(f)) {
                    Path keep = Files.createDirectories(Path.of("target", "fuzz-holes"));
                    Files.copy(f, keep.resolve("loadconfig-" + seed + "-" + f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                    holes.add(f.getFileName().toString());
                }
            }
        }
        System.out.printf("load configuration fuzz: %d mutants, %s with a hardening PASS (%d checked with llvm-readobj-19,"
                + " %d refused by it), %s without%n", mutants, m.group(2), checked, holes.size(), m.group(3));
        assertTrue(Integer.parseInt(m.group(2)) > 0 && Integer.parseInt(m.group(3)) > 0,
                "the mutants reach both verdicts: " + r.output());
        assertEquals(List.of(), holes, "a hardening PASS on a file llvm-readobj-19 refuses (kept in target/fuzz-holes)");
    }
}
