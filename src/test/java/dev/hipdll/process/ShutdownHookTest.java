package dev.hipdll.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C while the compiler runs: a JVM running {@link ProcessRunner} ({@link ShutdownProbe}) gets
 * SIGINT (SIGTERM when it inherited SIGINT ignored), alone: as when Maven is stopped by
 * {@code kill} or its terminal's signal does not reach the children (a child that ignores or
 * traps it, or one in the background). The run's shutdown hook must kill the child and its
 * grandchildren, which would otherwise run on as orphans.
 */
class ShutdownHookTest {
    @TempDir
    Path dir;

    /** Whether SIGINT (signal 2) is in the SigIgn mask of /proc/<pid>/status (proc(5)). */
    private static boolean ignoresSigint(long pid) throws java.io.IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << 1)) != 0;
            }
        }
        return false;
    }

    @Test
    void stoppingTheJvmKillsTheRunningTree() throws Exception {
        Path script = dir.resolve("compile.sh");
        Files.writeString(script, """
                #!/bin/bash
                sleep 300 &
                echo $! > "$1/pid.tmp"
                ( sleep 300 </dev/null >/dev/null 2>&1 & echo $! >> "$1/pid.tmp" )
                echo $$ >> "$1/pid.tmp"
                mv "$1/pid.tmp" "$1/pid"
                wait
                """);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process jvm = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                ShutdownProbe.class.getName(), script.toString(), dir.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("jvm.log").toFile()).start();
        List<Long> pids = List.of();
        try {
            Path pidFile = dir.resolve("pid");
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);  // a hang guard: a JVM's start on a loaded machine
            while (!Files.exists(pidFile)) {
                if (System.nanoTime() > deadline || !jvm.isAlive()) {
                    fail("the script did not start: " + Files.readString(dir.resolve("jvm.log")));
                }
                Thread.sleep(50);
            }
            pids = Files.readAllLines(pidFile).stream().map(String::trim).map(Long::parseLong).toList();
            assertTrue(pids.size() == 3 && pids.stream().allMatch(ProcessTreeTest::running), pids.toString());
            // Ctrl-C is SIGINT; a JVM started from a non-interactive shell's background job inherits SIGINT
            // ignored (then Ctrl-C cannot stop it at all), so SIGTERM, which runs the same hooks, stands in
            String signal = ignoresSigint(jvm.pid()) ? "-TERM" : "-INT";
            new ProcessBuilder("kill", signal, Long.toString(jvm.pid())).start().waitFor();
            assertTrue(jvm.waitFor(2, TimeUnit.MINUTES), "the JVM did not stop");  // a hang guard
            // the exit status, not the log: while the hooks run, the main thread may see the killed child
            // end and print "run returned" before the JVM halts (it did under load); the status stays 128 + signal
            assertEquals(128 + (signal.equals("-INT") ? 2 : 15), jvm.exitValue(),
                    "the JVM stopped by its signal, not because the run ended: " + Files.readString(dir.resolve("jvm.log")));
            for (long pid : pids) {
                ProcessTreeTest.assertEnded(pid);
            }
        } finally {
            jvm.destroyForcibly();
            pids.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
    }
}
