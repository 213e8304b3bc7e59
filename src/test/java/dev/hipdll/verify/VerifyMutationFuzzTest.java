package dev.hipdll.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Toolchain;
import dev.hipdll.testing.VerifyFuzz;
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
 * The seeded mutation fuzz of verify ("Tests and figures"): {@link VerifyFuzz} in a JVM
 * with {@code -Xmx64m} mutates real DLLs built here (the example backend with plain and compressed
 * bundles; a C DLL with forwarders, ordinal imports, delay imports and base relocations; a C DLL
 * with TLS callbacks) with structure-aware mutators for imports, exports, relocations, bundles,
 * wrappers, data directories and sections, and blind ones. Then llvm-readobj-19 reads every mutant
 * verify passed, and a sample of the rejected ones: verify must never pass a file llvm-readobj-19
 * refuses. Closing figures, printed: mutants run, crashes, hangs, OOMs, PASS verdicts on files
 * llvm-readobj refuses; all but the first must be 0. Seed {@code -Dhipdll.fuzz.seed}, count
 * {@code -Dhipdll.fuzz.verifyMutants} (default {@value #MUTANTS}: a fixed number, so the verdict never depends on
 * the machine's speed), hang guard {@code -Dhipdll.fuzz.seconds} (default 1800: every mutant must run within it).
 */
@Tag("fuzz")
class VerifyMutationFuzzTest {
    /** How many mutants run by default: fixed, the same on every machine. */
    static final int MUTANTS = 600;
    @TempDir
    Path dir;

    static final String EXPORTS_C = """
            __declspec(dllimport) int __cdecl other_by_name(int);
            __declspec(dllimport) int __cdecl other_by_ordinal(int);
            __declspec(dllimport) int __cdecl lazy_fn(int);
            int __cdecl plain_export(int x) { return other_by_name(x) + other_by_ordinal(x); }
            int __cdecl ordinal_only(int x) { return x * 3; }
            int __cdecl lazy_user(int x) { return lazy_fn(x); }
            void *__stdcall __delayLoadHelper2(const void *desc, void **iat) { return 0; }
            """;

    /** A DLL with a TLS directory and one callback; the small TLS support of an MSVC CRT (tlssup.c) is spelled out. */
    static final String TLS_C = """
            typedef struct { unsigned long long start, end, index, callbacks; unsigned int zero, chars; } tls_dir;
            unsigned int _tls_index = 0;
            #pragma section(".tls", read, write)
            #pragma section(".tls$ZZZ", read, write)
            #pragma section(".CRT$XLA", read)
            #pragma section(".CRT$XLZ", read)
            __declspec(allocate(".tls")) char _tls_start = 0;
            __declspec(allocate(".tls$ZZZ")) char _tls_end = 0;
            __declspec(allocate(".CRT$XLA")) void *__xl_a = 0;
            __declspec(allocate(".CRT$XLZ")) void *__xl_z = 0;
            const tls_dir _tls_used = { (unsigned long long) &_tls_start, (unsigned long long) &_tls_end,
                (unsigned long long) &_tls_index, (unsigned long long) (&__xl_a + 1), 0, 0 };
            __declspec(thread) int counter = 7;
            static void __stdcall on_tls(void *h, unsigned long reason, void *r) { counter += (int) reason; }
            #pragma section(".CRT$XLB", read)
            __declspec(allocate(".CRT$XLB")) void (__stdcall *tls_cb)(void *, unsigned long, void *) = on_tls;
            __declspec(dllexport) int __cdecl tls_value(void) { return counter; }
            """;

    @Test
    void mutantsNeverCrashHangOrRunOutOfMemoryAndNeverPassWhatReadobjRefuses() throws Exception {
        Toolchain.require("llvm-readobj-19", "llvm-dlltool-19");
        Path example = Fixtures.exampleDll(dir.resolve("p"), "coli_hip.dll", List.of("gfx1151"), List.of());
        Path compressed = Fixtures.exampleDll(dir.resolve("c"), "coli_hip.dll", List.of("gfx1151"), List.of("--offload-compress"));
        Path d = Files.createDirectories(dir.resolve("x"));
        Files.writeString(d.resolve("other.def"), "LIBRARY other.dll\nEXPORTS\nother_by_name\nother_by_ordinal @7 NONAME\n");
        Files.writeString(d.resolve("lazy.def"), "LIBRARY lazy.dll\nEXPORTS\nlazy_fn\n");
        Exec.ok(d, List.of("llvm-dlltool-19", "-m", "i386:x86-64", "-d", "other.def", "-l", "other.lib"));
        Exec.ok(d, List.of("llvm-dlltool-19", "-m", "i386:x86-64", "-d", "lazy.def", "-l", "lazy.lib"));
        Files.writeString(d.resolve("t.def"), """
                EXPORTS
                plain_export
                ordinal_only @42 NONAME
                lazy_user
                forwarded = KERNEL32.HeapAlloc
                forwarded_by_ordinal = OTHER.#12
                """);
        Path exports = Fixtures.cDll(d, "t.dll", "x86_64-pc-windows-msvc", EXPORTS_C + "void *table[] = { (void *) plain_export, (void *) ordinal_only };\n",
                List.of("/def:t.def", "other.lib", "lazy.lib", "/delayload:lazy.dll"));
        Path tls = Fixtures.cDll(dir.resolve("t"), "tls.dll", "x86_64-pc-windows-msvc", TLS_C, List.of());

        long seed = Long.getLong("hipdll.fuzz.seed", 20261201L);
        int mutants = Integer.getInteger("hipdll.fuzz.verifyMutants", MUTANTS);
        int seconds = Integer.getInteger("hipdll.fuzz.seconds", 1800);  // a hang guard, not a speed requirement
        Path out = Files.createDirectories(dir.resolve("out"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx64m", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), VerifyFuzz.class.getName(), out.toString(), Integer.toString(mutants),
                Long.toString(seed), Integer.toString(seconds), Toolchain.exampleDir().resolve("host/backend_loader.c").toString(),
                example + ":example", compressed + ":example", exports + ":plain", tls + ":plain"));
        Exec.Result r = Exec.run(dir, cmd);
        System.out.println(r.output());
        assertEquals(0, r.exit(), "the fuzz JVM ended abnormally: " + r.output());
        Matcher m = Pattern.compile("fuzz: seed \\d+, max heap \\d+ MiB: (\\d+) mutants run, (\\d+) verified, (\\d+) rejected,"
                + " (\\d+) crashes, (\\d+) hangs, (\\d+) OOMs").matcher(r.output());
        assertTrue(m.find(), r.output());
        int run = Integer.parseInt(m.group(1));

        // the differential: llvm-readobj-19 on every mutant verify passed, and on the sample of rejected ones
        int passRefused = 0;
        int sampleRefused = 0;
        int sample = 0;
        List<String> holes = new ArrayList<>();
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.sorted().toList()) {
                String n = f.getFileName().toString();
                if (!n.startsWith("pass-") && !n.startsWith("sample-")) {
                    continue;
                }
                Exec.Result ro = Exec.run(out, List.of(Toolchain.tool("llvm-readobj-19").toString(), "--file-headers",
                        "--sections", "--coff-imports", "--coff-exports", "--coff-debug-directory", f.toString()));
                boolean refused = ro.exit() != 0 || ro.output().contains("error:");
                if (n.startsWith("pass-") && refused) {
                    passRefused++;
                    Path keep = Files.createDirectories(Path.of("target", "fuzz-holes"));
                    Files.copy(f, keep.resolve("seed-" + seed + "-" + n), StandardCopyOption.REPLACE_EXISTING);
                    holes.add(n + ": " + ro.output().lines().filter(l -> l.contains("error")).findFirst().orElse(""));
                } else if (n.startsWith("sample-")) {
                    sample++;
                    sampleRefused += refused ? 1 : 0;
                }
            }
        }
        System.out.printf("verify fuzz figures: %d mutants run, %s crashes, %s hangs, %s OOMs under -Xmx64m, %d PASS verdicts"
                + " on files llvm-readobj-19 refuses (%s verified mutants checked; of %d sampled rejected mutants llvm-readobj-19"
                + " refuses %d)%n", run, m.group(4), m.group(5), m.group(6), passRefused, m.group(2), sample, sampleRefused);
        holes.forEach(h -> System.out.println("HOLE " + h));
        assertEquals(mutants, run, "the hang guard of " + seconds + " s stopped the loop after " + run + " mutants");
        assertEquals("0", m.group(4), "crashes");
        assertEquals("0", m.group(5), "hangs");
        assertEquals("0", m.group(6), "OOMs");
        assertEquals(0, passRefused, "verify passed files llvm-readobj-19 refuses (kept in target/fuzz-holes): " + holes);
        assertTrue(Integer.parseInt(m.group(3)) > 0 && Integer.parseInt(m.group(2)) > 0,
                "the mutants exercise both verdicts");
    }
}
