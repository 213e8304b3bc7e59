package dev.hipdll.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Waiting in tests for something another thread or process does, instead of sleeping a guessed time: polls a
 * condition every 20 ms until it holds. The limit is a hang guard only ({@link #GUARD}, 2 minutes), far beyond what
 * a loaded machine needs, so a test's verdict never depends on the machine's speed.
 */
public final class Await {
    /** How long a condition is waited for before the test fails: a hang guard, not a speed requirement. */
    public static final Duration GUARD = Duration.ofMinutes(2);

    private Await() {
    }

    /**
     * Waits until {@code condition} holds.
     *
     * @param what what is waited for, named in the failure
     * @throws AssertionError when it still does not hold after {@link #GUARD}; the message is {@code what} and
     *                        {@code state}'s description of what was seen
     */
    public static void until(BooleanSupplier condition, String what, Supplier<String> state) throws InterruptedException {
        long deadline = System.nanoTime() + GUARD.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("waited " + GUARD.toSeconds() + " s for " + what + ": " + state.get());
            }
            Thread.sleep(20);
        }
    }

    /** {@link #until(BooleanSupplier, String, Supplier)} with nothing more to say of what was seen. */
    public static void until(BooleanSupplier condition, String what) throws InterruptedException {
        until(condition, what, () -> "it never did");
    }
}
