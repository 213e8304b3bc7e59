package dev.hipdll.graph;

import java.util.concurrent.Semaphore;

/**
 * How many steps may run at once across every graph that shares this budget: the builds of one
 * Maven session under {@code mvn -T}, each with its own {@code hip.jobs} workers, take a permit per running step
 * from one budget, so two modules with {@code hip.jobs=2} on a two-core machine run two compilers, not four. Fair:
 * permits go to the steps in the order they asked. A {@link GraphRunner} without a shared budget has one of its own
 * ({@link #unlimited()}).
 */
public final class JobBudget {
    private final int permits;
    private final Semaphore semaphore;

    /**
     * @param permits the steps that may run at once, at least 1
     * @throws IllegalArgumentException when {@code permits} is below 1
     */
    public JobBudget(int permits) {
        if (permits < 1) {
            throw new IllegalArgumentException("a job budget needs at least 1 permit, was " + permits);
        }
        this.permits = permits;
        this.semaphore = new Semaphore(permits, true);
    }

    /** A budget that never makes a step wait (each runner's own worker count is the only limit). */
    public static JobBudget unlimited() {
        return new JobBudget(Integer.MAX_VALUE);
    }

    /** The steps that may run at once. */
    public int permits() {
        return permits;
    }

    /** The permits not taken now (for tests and progress). */
    public int available() {
        return semaphore.availablePermits();
    }

    /**
     * Waits for a permit.
     *
     * @throws InterruptedException when the waiting thread is interrupted (the step was stopped before it began)
     */
    void acquire() throws InterruptedException {
        semaphore.acquire();
    }

    /** Gives back a permit taken with {@link #acquire()}. */
    void release() {
        semaphore.release();
    }
}
