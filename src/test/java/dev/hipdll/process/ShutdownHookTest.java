package dev.hipdll.process;

import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * SIGINT, alone (as when Maven is stopped by {@code kill -INT} or its terminal's signal does not
 * reach the children); the run's shutdown hook must kill the child and its grandchildren, which
 * would otherwise run on as orphans.
 */
class ShutdownHookTest {
    @TempDir
    Path dir;

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
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(pidFile)) {
                if (System.nanoTime() > deadline || !jvm.isAlive()) {
                    fail("the script did not start: " + Files.readString(dir.resolve("jvm.log")));
                }
                Thread.sleep(50);
            }
            pids = Files.readAllLines(pidFile).stream().map(String::trim).map(Long::parseLong).toList();
            assertTrue(pids.size() == 3 && pids.stream().allMatch(ProcessTreeTest::running), pids.toString());
            new ProcessBuilder("kill", "-INT", Long.toString(jvm.pid())).start().waitFor();
            assertTrue(jvm.waitFor(30, TimeUnit.SECONDS), "the JVM did not stop");
            assertFalse(Files.readString(dir.resolve("jvm.log")).contains("run returned"),
                    "the JVM stopped by its signal, not because the run ended");
            for (long pid : pids) {
                ProcessTreeTest.assertEnded(pid);
            }
        } finally {
            jvm.destroyForcibly();
            pids.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
    }
}
