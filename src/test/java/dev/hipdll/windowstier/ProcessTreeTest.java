package dev.hipdll.windowstier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.process.ProcessResult;
import dev.hipdll.process.ProcessRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Item 4c (arguments) and 4f (process trees) at the level of {@link ProcessRunner}, on the Windows
 * API: each argument reaches a real Windows program (argv.exe, whose C runtime splits its command line by the
 * CommandLineToArgvW rules) exactly as given, and what it prints comes back as it wrote it (UTF-8); a program
 * that starts a grandchild and hangs (hang.exe) is gone with its grandchild after the timeout, and when the JVM
 * that ran it is killed with TerminateProcess (the Job Object's kill-on-close).
 */
@Tag(WindowsTier.TAG)
class ProcessTreeTest {
    /** Arguments that the Windows command line mangles unless each is encoded for it. */
    static final List<String> HARD_ARGUMENTS = List.of("plain", "with space", "q\"uote", "-DVERSION=\"1.0\"",
            "\"quoted whole\"", "trail\\", "trail space\\", "two trailing\\\\", "two trailing space\\\\",
            "back\\\"slash quote", "", " ", "%PATH%", "^caret", "a&b|c<d>e", "!bang!", "semi;colon", "tab\there",
            "Prüfung ñ 日本", "C:\\Program Files\\AMD\\ROCm\\7.1\\", "\\\\server\\share\\x y", "after empty");

    @Test
    void everyArgumentArrivesIntactAndTheOutputIsReadAsUtf8() throws Exception {
        WindowsTier.host();
        Path argv = WindowsTier.fixtures().resolve("argv.exe");
        List<String> lines = new ArrayList<>();
        ProcessResult r = new ProcessRunner(Duration.ofMinutes(1)).run(argv, HARD_ARGUMENTS, System.getenv(),
                WindowsTier.work("argv"), lines::add);
        assertEquals(0, r.exitCode(), String.join("\n", r.output()));
        List<String> got = new ArrayList<>();
        for (String l : lines) {
            if (l.startsWith("[") && l.endsWith("]")) {
                got.add(l.substring(1, l.length() - 1));
            }
        }
        assertEquals(HARD_ARGUMENTS, got, "arguments as argv.exe split them; its command line was: "
                + lines.get(lines.size() - 1));
    }

    @Test
    void aTimeoutEndsTheChildAndItsGrandchild() throws Exception {
        WindowsTier.host();
        Path dir = WindowsTier.work("hang-timeout");
        Path hang = Files.copy(WindowsTier.fixtures().resolve("hang.exe"), dir.resolve("hang.exe"));
        long start = System.nanoTime();
        // long enough for Wine to start hang.exe and its grandchild on a loaded machine (5 s was not always)
        ProcessResult r = new ProcessRunner(Duration.ofSeconds(30)).run(hang, List.of("-c", "x.cu"), System.getenv(),
                dir, l -> { });
        assertTrue(r.timedOut(), r.toString());
        assertTrue(System.nanoTime() - start < Duration.ofMinutes(5).toNanos(), "the kill took too long: " + r);  // a hang guard
        assertGone(dir.resolve("hang-pids.txt"));
    }

    @Test
    void killingTheJvmThatRanTheChildEndsItsTree() throws Exception {
        WindowsTier.host();
        Path dir = WindowsTier.work("hang-jvm-killed");
        Path hang = Files.copy(WindowsTier.fixtures().resolve("hang.exe"), dir.resolve("hang.exe"));
        Process jvm = SecondJvm.start(dir, HangingRun.class, hang.toString());
        Path pids = dir.resolve("hang-pids.txt");
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (!Files.exists(pids) && System.nanoTime() < deadline && jvm.isAlive()) {
            Thread.sleep(100);
        }
        assertTrue(Files.exists(pids), "the second JVM never started hang.exe: " + SecondJvm.output(dir));
        long[] both = pids(pids);
        assertTrue(alive(both[0]) && alive(both[1]), "hang.exe and its grandchild run");
        jvm.destroyForcibly(); // TerminateProcess: no shutdown hook runs
        assertTrue(jvm.waitFor(2, java.util.concurrent.TimeUnit.MINUTES));  // a hang guard
        assertGone(pids);
    }

    static void assertGone(Path pidsFile) throws Exception {
        long[] both = pids(pidsFile);
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();  // a hang guard
        while ((alive(both[0]) || alive(both[1])) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertFalse(alive(both[0]), "hang.exe (pid " + both[0] + ") still runs");
        assertFalse(alive(both[1]), "its grandchild (pid " + both[1] + ") still runs");
    }

    static long[] pids(Path file) throws Exception {
        String[] s = Files.readString(file).strip().split(" ");
        return new long[] {Long.parseLong(s[0]), Long.parseLong(s[1])};
    }

    static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** The second JVM's program: runs its argument (hang.exe) with a 10-minute timeout. */
    public static final class HangingRun {
        public static void main(String[] args) {
            new ProcessRunner(Duration.ofMinutes(10)).run(Path.of(args[0]), List.of(), System.getenv(),
                    Path.of(args[0]).getParent(), System.out::println);
        }
    }
}
