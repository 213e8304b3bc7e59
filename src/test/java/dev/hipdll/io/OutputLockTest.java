package dev.hipdll.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Await;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two builds of one output directory: the second waits, saying so once and naming
 * the holder, and goes on when the first releases the lock. The first is a real second JVM
 * ({@link LockHolderMain}), as with two {@code mvn} runs; also two threads of one JVM ({@code mvn -T}).
 */
class OutputLockTest {
    @TempDir
    Path dir;

    @Test
    void aSecondJvmWaitsForTheFirst() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process holder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                LockHolderMain.class.getName(), dir.toString()).redirectErrorStream(true).start();
        try {
            BufferedReader r = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("locked", r.readLine());
            List<String> said = new CopyOnWriteArrayList<>();
            CompletableFuture<OutputLock> second = CompletableFuture.supplyAsync(() -> {
                try {
                    return OutputLock.acquire(dir, "second", said::add);
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            // the second build says it waits (however long a loaded machine takes to get there), then waits on
            Await.until(() -> !said.isEmpty() || second.isDone(), "the second build to wait or go on", said::toString);
            Thread.sleep(1000);
            assertFalse(second.isDone(), "the second build went on while the first held the lock");
            assertEquals(List.of("waiting for another build of " + dir + " to finish (it holds " + dir.resolve(".hipdll.lock")
                    + ": pid " + holder.pid() + " (holder))"), said);
            holder.getOutputStream().close(); // the holder releases and exits
            try (OutputLock l = second.get(2, TimeUnit.MINUTES)) {  // a hang guard
                assertTrue(l.contended(), "the second build waited for the first");
                assertTrue(l.waited().toMillis() >= 1000, l.waited().toString());
                assertEquals("second\n", Files.readString(l.file()));
            }
            assertEquals(1, said.size());
        } finally {
            holder.destroyForcibly();
        }
    }

    /**
     * A build alone says nothing and reports no wait (a newcomer's test, A: every plain build
     * logged "the other build finished; went on after 10 ms", counting the lock file's write and force).
     */
    @Test
    void anUncontendedLockSaysNothingAndWaitedZero() throws Exception {
        for (int i = 0; i < 20; i++) {
            List<String> said = new CopyOnWriteArrayList<>();
            try (OutputLock l = OutputLock.acquire(dir, "alone " + i, said::add)) {
                assertFalse(l.contended(), "no other build held the lock");
                assertEquals(java.time.Duration.ZERO, l.waited());
                assertEquals("alone " + i + "\n", Files.readString(l.file()));
            }
            assertEquals(List.of(), said);
        }
    }

    @Test
    void aKilledHolderReleasesTheLock() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process holder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                LockHolderMain.class.getName(), dir.toString()).redirectErrorStream(true).start();
        BufferedReader r = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("locked", r.readLine());
        holder.destroyForcibly().waitFor(); // kill -9
        try (OutputLock l = CompletableFuture.supplyAsync(() -> {
            try {
                return OutputLock.acquire(dir, "after", s -> { });
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        }).get(2, TimeUnit.MINUTES)) {  // a hang guard
            assertFalse(l.contended(), "the killed holder's lock was released with it");
            assertTrue(l.waited().isZero(), l.waited().toString());
        }
    }

    @Test
    void twoThreadsOfOneJvmTakeTurns() throws Exception {
        List<String> said = new CopyOnWriteArrayList<>();
        OutputLock first = OutputLock.acquire(dir, "first", said::add);
        CompletableFuture<OutputLock> second = CompletableFuture.supplyAsync(() -> {
            try {
                return OutputLock.acquire(dir, "second", said::add);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        Await.until(() -> !said.isEmpty() || second.isDone(), "the second thread to wait or go on", said::toString);
        assertFalse(second.isDone());
        first.close();
        OutputLock got = second.get(2, TimeUnit.MINUTES);  // a hang guard
        assertTrue(got.contended());
        assertFalse(first.contended());
        got.close();
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).contains(": first)"), said.toString());
    }
}
