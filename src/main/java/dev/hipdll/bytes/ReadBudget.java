package dev.hipdll.bytes;

import java.util.function.LongSupplier;

/**
 * What is left of one verification's {@link ReadLimits}: every reader of one file (PE import and
 * export tables, offload bundles, decompression) charges what it keeps or inflates here, and a
 * charge past a limit is a {@link BinaryFormatException} naming the file, the structure and its
 * offset, the limit and the property that sets it. One budget per opened file
 * ({@code dev.hipdll.pe.PeFile}). The charging methods are not for several threads (the table and
 * bundle readers of one verification run on one thread); {@link #time} and {@link #expired()} read
 * only the clock and the fixed deadline, so the whole-file scan, on a thread of its own, asks them too.
 */
public final class ReadBudget {
    private final ReadLimits limits;
    private final LongSupplier clock;
    private final long deadline;
    private long nameBytes;
    private long entries;
    private long inflated;

    /** A budget of {@code limits} whose time starts now. */
    public ReadBudget(ReadLimits limits) {
        this(limits, SystemClock.INSTANCE);
    }

    /** {@link System#nanoTime()} as a clock. */
    private static final class SystemClock implements LongSupplier {
        static final SystemClock INSTANCE = new SystemClock();

        @Override
        public long getAsLong() {
            return System.nanoTime();
        }
    }

    /** A budget whose time is read from {@code nanoClock} (tests). */
    public ReadBudget(ReadLimits limits, LongSupplier nanoClock) {
        this.limits = limits;
        this.clock = nanoClock;
        this.deadline = nanoClock.getAsLong() + limits.time().toNanos();
    }

    /** The limits. */
    public ReadLimits limits() {
        return limits;
    }

    /** Bytes of names and ids charged so far. */
    public long nameBytes() {
        return nameBytes;
    }

    /** Entries charged so far. */
    public long entries() {
        return entries;
    }

    /** Bytes inflated so far. */
    public long inflated() {
        return inflated;
    }

    /**
     * Charges a name or id of {@code bytes} bytes read for {@code structure}.
     *
     * @throws BinaryFormatException past {@link ReadLimits#nameBytes()}
     */
    public void name(String source, String structure, long offset, long bytes) throws BinaryFormatException {
        nameBytes += bytes;
        if (nameBytes > limits.nameBytes()) {
            throw over(source, structure, offset, "more than " + limits.nameBytes() + " bytes of names and ids in all"
                    + " (imports, exports, bundle ids; hip.maxNameMiB)");
        }
        time(source, structure, offset);
    }

    /**
     * Charges {@code n} table entries read for {@code structure}.
     *
     * @throws BinaryFormatException past {@link ReadLimits#entries()}
     */
    public void entries(String source, String structure, long offset, long n) throws BinaryFormatException {
        entries += n;
        if (entries > limits.entries()) {
            throw over(source, structure, offset, "more than " + limits.entries() + " table entries in all"
                    + " (import lookup, export address and bundle entries; hip.maxTableEntries)");
        }
        time(source, structure, offset);
    }

    /**
     * Charges {@code bytes} inflated from a compressed bundle or a compressed ELF section (the size it
     * declares, before it is inflated).
     *
     * @throws BinaryFormatException past {@link ReadLimits#inflateBytes()}
     */
    public void inflate(String source, String structure, long offset, long bytes) throws BinaryFormatException {
        inflated += bytes;
        if (inflated > limits.inflateBytes()) {
            throw over(source, structure, offset, "more than " + limits.inflateBytes() + " bytes inflated from the"
                    + " compressed offload bundles and ELF sections in all (hip.maxInflatedMiB; refused as a possible"
                    + " decompression bomb)");
        }
        time(source, structure, offset);
    }

    /**
     * Whether {@link ReadLimits#time()} has passed since the budget was made; safe from any thread.
     */
    public boolean expired() {
        return clock.getAsLong() - deadline > 0;
    }

    /**
     * Checks the time limit; safe from any thread.
     *
     * @throws BinaryFormatException once {@link ReadLimits#time()} has passed since the budget was made
     */
    public void time(String source, String structure, long offset) throws BinaryFormatException {
        if (expired()) {
            throw over(source, structure, offset, "verification took more than " + limits.time().toMillis()
                    + " ms in all (hip.verifyTimeLimit)");
        }
    }

    private static BinaryFormatException over(String source, String structure, long offset, String what) {
        return new BinaryFormatException(source, structure, offset, "over the verification budget: " + what);
    }
}
