package dev.hipdll.graph;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a {@link StepGraph} on a fixed number of worker threads: a step starts as soon as every
 * step it depends on succeeded and a worker is free; among the ready steps, the one with the highest
 * priority first (the longest remaining path, {@link CriticalPath}, when priorities are given), then the
 * earliest in the graph's order.
 *
 * <p>Failure: at the first failed step no further step starts; the steps still running are
 * interrupted ({@link Thread#interrupt()}, which makes a {@code ProcessRunner} kill its child's
 * whole process tree) and {@link #run} returns only after every one of them has ended, so nothing
 * the graph started is left running. The same happens when the calling thread is interrupted
 * (the build was stopped). Worker threads are daemon threads of this run only; none outlives it.
 *
 * @param <N> the node type
 */
public final class GraphRunner<N extends GraphNode> {
    private final int workers;
    private final Map<String, Long> priority;
    private final JobBudget budget;

    /**
     * A runner that starts ready steps in the graph's order.
     *
     * @param workers the number of steps that may run at once, at least 1
     * @throws IllegalArgumentException when {@code workers} is below 1
     */
    public GraphRunner(int workers) {
        this(workers, Map.of());
    }

    /**
     * A runner that starts the ready step of highest priority first, the graph's order breaking ties.
     *
     * @param workers  the number of steps that may run at once, at least 1
     * @param priority node id to its priority (e.g. {@link CriticalPath#remaining}, in ms); a missing id counts as 0
     * @throws IllegalArgumentException when {@code workers} is below 1
     */
    public GraphRunner(int workers, Map<String, Long> priority) {
        this(workers, priority, JobBudget.unlimited());
    }

    /**
     * A runner whose steps also take a permit from a budget shared with other runners: a step begins when one of
     * this runner's workers and a permit of the budget are free.
     *
     * @param workers  the number of steps of this graph that may run at once, at least 1
     * @param priority node id to its priority, as {@link #GraphRunner(int, Map)}
     * @param budget   the budget shared with the other builds of the session
     * @throws IllegalArgumentException when {@code workers} is below 1
     */
    public GraphRunner(int workers, Map<String, Long> priority, JobBudget budget) {
        if (workers < 1) {
            throw new IllegalArgumentException("the number of workers must be at least 1, was " + workers);
        }
        this.workers = workers;
        this.priority = Map.copyOf(priority);
        this.budget = budget;
    }

    /** The number of steps that may run at once. */
    public int workers() {
        return workers;
    }

    private record Done(String id, StepOutcome outcome, boolean stoppedByUs) {
    }

    /**
     * Runs the graph.
     *
     * @param graph    the steps
     * @param action   runs one step
     * @param listener receives the events, serialized
     * @return how the run ended; never throws for a failing step
     */
    public GraphResult run(StepGraph<N> graph, StepAction<N> action, GraphListener<N> listener) {
        int total = graph.size();
        Map<String, Integer> position = new HashMap<>();
        Map<String, Integer> missing = new HashMap<>();
        for (N n : graph.nodes()) {
            position.put(n.id(), position.size());
        }
        java.util.PriorityQueue<N> ready = new java.util.PriorityQueue<>(java.util.Comparator
                .comparingLong((N n) -> -priority.getOrDefault(n.id(), 0L))
                .thenComparingInt(n -> position.get(n.id())));
        for (N n : graph.nodes()) {
            int m = (int) n.dependsOn().stream().distinct().count();
            missing.put(n.id(), m);
            if (m == 0) {
                ready.add(n);
            }
        }
        Object eventLock = new Object();
        AtomicInteger threadNumber = new AtomicInteger();
        List<Thread> workerThreads = java.util.Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(workers, Math.max(1, total)), r -> {
            Thread t = new Thread(r, "hipdll-step-" + threadNumber.incrementAndGet());
            t.setDaemon(true);
            workerThreads.add(t);
            return t;
        });
        LinkedBlockingQueue<Done> done = new LinkedBlockingQueue<>();
        Map<String, Future<?>> running = new LinkedHashMap<>();
        java.util.concurrent.atomic.AtomicBoolean stopping = new java.util.concurrent.atomic.AtomicBoolean();
        Map<String, Thread> threads = new java.util.concurrent.ConcurrentHashMap<>();
        Map<String, CountDownLatch> ended = new HashMap<>();
        Map<String, StepOutcome> outcomes = new LinkedHashMap<>();
        List<String> stopped = new ArrayList<>();
        Optional<String> failed = Optional.empty();
        boolean interrupted = false;
        int started = 0;
        try {
            while (true) {
                while (failed.isEmpty() && !interrupted && running.size() < workers && !ready.isEmpty()) {
                    N n = ready.poll();
                    int ordinal = ++started;
                    CountDownLatch latch = new CountDownLatch(1);
                    ended.put(n.id(), latch);
                    running.put(n.id(), pool.submit(() -> {
                        threads.put(n.id(), Thread.currentThread());
                        try {
                            runOne(n, ordinal, total, action, listener, eventLock, done, stopping);
                        } finally {
                            threads.remove(n.id());
                            latch.countDown();
                        }
                    }));
                }
                if (running.isEmpty()) {
                    break;
                }
                Done d;
                try {
                    d = done.take();
                } catch (InterruptedException e) {
                    interrupted = true;
                    stopAll(running, ended, stopping, threads);
                    continue;  // every stopped step has posted its end: take() no longer blocks
                }
                running.remove(d.id());
                if (d.stoppedByUs() && (failed.isPresent() || interrupted)) {
                    stopped.add(d.id());
                    synchronized (eventLock) {
                        listener.stopped(graph.node(d.id()));
                    }
                    continue;
                }
                outcomes.put(d.id(), d.outcome());
                if (d.outcome().failed()) {
                    if (failed.isEmpty() && !interrupted) {
                        failed = Optional.of(d.id());
                        interrupted |= stopAll(running, ended, stopping, threads);
                    }
                    continue;
                }
                for (String dep : graph.dependents(d.id())) {
                    if (missing.merge(dep, -1, Integer::sum) == 0) {
                        ready.add(graph.node(dep));
                    }
                }
            }
        } finally {
            pool.shutdownNow();
            awaitQuietly(pool, workerThreads);
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        List<String> notStarted = new ArrayList<>();
        for (N n : graph.nodes()) {
            if (!outcomes.containsKey(n.id()) && !stopped.contains(n.id())) {
                notStarted.add(n.id());
            }
        }
        return new GraphResult(outcomes, failed, stopped, notStarted, interrupted);
    }

    private void runOne(N n, int ordinal, int total, StepAction<N> action, GraphListener<N> listener,
                        Object eventLock, LinkedBlockingQueue<Done> done, java.util.concurrent.atomic.AtomicBoolean stopping) {
        if (stopping.get() || Thread.currentThread().isInterrupted()) {
            done.add(new Done(n.id(), new StepOutcome.Failed("stopped before it started", null), true));
            return;
        }
        try {
            budget.acquire(); // the session's budget: may wait for another build's step
        } catch (InterruptedException e) {
            done.add(new Done(n.id(), new StepOutcome.Failed("stopped before it started", null), true));
            return;
        }
        try {
            runHolding(n, ordinal, total, action, listener, eventLock, done, stopping);
        } finally {
            budget.release();
        }
    }

    /**
     * Runs one step and posts its end. A step that ends in a failure or an exception after the run began stopping
     * ({@code stopping}: another step failed or the caller was interrupted) was stopped, whatever it threw: an
     * interrupted copy may end in an I/O error with the interrupt consumed.
     */
    private void runHolding(N n, int ordinal, int total, StepAction<N> action, GraphListener<N> listener,
                            Object eventLock, LinkedBlockingQueue<Done> done,
                            java.util.concurrent.atomic.AtomicBoolean stopping) {
        long t0 = System.nanoTime();
        synchronized (eventLock) {
            listener.started(n, ordinal, total);
        }
        StepOutcome outcome;
        boolean stoppedByUs = false;
        try {
            outcome = action.run(n);
            if (outcome == null) {
                outcome = new StepOutcome.Failed("step '" + n.id() + "' reported no outcome", null);
            }
            stoppedByUs = Thread.currentThread().isInterrupted();
        } catch (InterruptedException e) {
            outcome = new StepOutcome.Failed("step '" + n.id() + "' was interrupted", e);
            stoppedByUs = true;
        } catch (Exception | Error e) {
            outcome = new StepOutcome.Failed("step '" + n.id() + "' failed: " + e, e);
            stoppedByUs = Thread.currentThread().isInterrupted();
        }
        stoppedByUs |= outcome.failed() && stopping.get();
        if (!stoppedByUs) {
            synchronized (eventLock) {
                listener.finished(n, ordinal, total, outcome, Duration.ofNanos(System.nanoTime() - t0));
            }
        }
        done.add(new Done(n.id(), outcome, stoppedByUs));
    }

    /**
     * Interrupts every running step and waits until each has ended (its process tree killed).
     *
     * @return whether the calling thread was interrupted while it waited (its flag is left clear)
     */
    private static boolean stopAll(Map<String, Future<?>> running, Map<String, CountDownLatch> ended,
                                   java.util.concurrent.atomic.AtomicBoolean stopping, Map<String, Thread> threads) {
        stopping.set(true);  // a step not yet begun ends at once; one that has begun is interrupted
        for (String id : running.keySet()) {
            Thread t = threads.get(id);
            if (t != null) {
                t.interrupt();
            }
        }
        boolean wasInterrupted = false;
        for (String id : running.keySet()) {
            while (true) {
                try {
                    ended.get(id).await();
                    break;
                } catch (InterruptedException e) {
                    wasInterrupted = true;
                }
            }
        }
        return wasInterrupted;
    }

    /**
     * Waits until the pool has terminated and every worker thread has ended: the pool terminates when
     * its last worker leaves its loop, a moment before that thread dies, so the threads are joined too.
     * An interrupt meanwhile does not cut the wait short (the steps were told to stop and end soon); it
     * is kept for the caller.
     */
    private static void awaitQuietly(ExecutorService pool, List<Thread> workerThreads) {
        boolean wasInterrupted = Thread.interrupted();
        while (true) {
            try {
                if (pool.awaitTermination(1, TimeUnit.MINUTES)) {
                    break;
                }
                pool.shutdownNow();
            } catch (InterruptedException e) {
                wasInterrupted = true;
            }
        }
        List<Thread> threads;
        synchronized (workerThreads) {
            threads = List.copyOf(workerThreads);
        }
        for (Thread t : threads) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    wasInterrupted = true;
                }
            }
        }
        if (wasInterrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
