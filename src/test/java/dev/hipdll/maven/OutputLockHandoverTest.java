package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.io.OutputLock;
import dev.hipdll.testing.Await;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build's output lock waits for verify when the stamp is pending: another build
 * waits until verify has its verdict, a skipped verify still releases it, and a second build execution
 * of the same project and directory takes the lock over instead of waiting for itself forever.
 */
class OutputLockHandoverTest {
    @TempDir
    Path dir;

    private CompletableFuture<OutputLock> other(List<String> said) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return OutputLock.acquire(dir, "other build", said::add);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
    }

    @Test
    void aPendingStampKeepsTheLockUntilVerify() throws Exception {
        Map<String, Object> context = new HashMap<>();
        OutputLock lock = OutputLockHandover.acquire(dir, "build", s -> { }, context);
        OutputLockHandover.runHolding(dir, lock, () -> { }, () -> true, context, new SystemStreamLog());
        List<String> said = new CopyOnWriteArrayList<>();
        CompletableFuture<OutputLock> second = other(said);
        Await.until(() -> !said.isEmpty() || second.isDone(), "the other build to wait or go on", said::toString);
        assertFalse(second.isDone(), "another build went on before verify");
        VerifyMojo verify = new VerifyMojo();
        verify.skip = true; // even a skipped verify releases it
        verify.setPluginContext(context);
        verify.execute();
        second.get(2, TimeUnit.MINUTES).close();
        assertEquals(1, said.size());
        assertTrue(context.isEmpty());
    }

    @Test
    void withoutAPendingStampTheLockIsReleasedAtOnce() throws Exception {
        Map<String, Object> context = new HashMap<>();
        OutputLock lock = OutputLockHandover.acquire(dir, "build", s -> { }, context);
        OutputLockHandover.runHolding(dir, lock, () -> { }, () -> false, context, new SystemStreamLog());
        other(new CopyOnWriteArrayList<>()).get(2, TimeUnit.MINUTES).close();
        assertTrue(context.isEmpty());
    }

    @Test
    void aSecondExecutionOfTheSameProjectTakesTheLockOver() throws Exception {
        Map<String, Object> context = new HashMap<>();
        OutputLock first = OutputLockHandover.acquire(dir, "build 1", s -> { }, context);
        OutputLockHandover.runHolding(dir, first, () -> { }, () -> true, context, new SystemStreamLog());
        List<String> said = new CopyOnWriteArrayList<>();
        OutputLock second = CompletableFuture.supplyAsync(() -> {
            try {
                return OutputLockHandover.acquire(dir, "build 2", said::add, context);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        }).get(2, TimeUnit.MINUTES);
        assertSame(first, second);
        assertEquals(List.of(), said, "it waited for itself");
        second.close();
    }
}
