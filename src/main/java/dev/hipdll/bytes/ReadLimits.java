package dev.hipdll.bytes;

import java.time.Duration;

/**
 * The limits of one verification's budget ({@link ReadBudget}): what all the readers of one file
 * together may read, decompress and spend, whatever the file declares. A small hostile file can
 * declare a lot: 63 import descriptors sharing one lookup table of 4096 names of 4095 bytes each
 * (1 GiB of strings from 56 KB), 65,536 export names of 4095 bytes (256 MiB from 678 KB), 240
 * compressed bundles of 4096 entries with 4096-byte ids (4 GiB from 1 MB), 8 zlib bundles that
 * inflate to 512 MiB each. Defaults: {@link #DEFAULT}.
 *
 * @param nameBytes    bytes of names and ids kept, in all: imported DLL and symbol names, export
 *                     names and forwarder strings, bundle entry ids
 * @param entries      table entries kept, in all: import lookup entries, export address table
 *                     entries, bundle entries
 * @param inflateBytes bytes decompressed from the compressed offload bundles and the compressed ELF
 *                     sections of their code objects ({@code SHF_COMPRESSED}), in all
 * @param time         wall-clock time the whole verification may take: the table and bundle readers,
 *                     the inflating, and the whole-file path scan, which stops there and reports the
 *                     bytes it did not read
 */
public record ReadLimits(long nameBytes, long entries, long inflateBytes, Duration time) {
    /** 8 MiB of names and ids, 262,144 entries, 1 GiB inflated, 60 seconds. */
    public static final ReadLimits DEFAULT = new ReadLimits(8L << 20, 262_144, 1L << 30, Duration.ofSeconds(60));

    /**
     * @throws IllegalArgumentException when a limit is not positive
     */
    public ReadLimits {
        if (nameBytes <= 0 || entries <= 0 || inflateBytes <= 0 || time == null || time.isNegative() || time.isZero()) {
            throw new IllegalArgumentException("every verification budget limit must be positive: " + nameBytes + " name bytes, "
                    + entries + " entries, " + inflateBytes + " inflated bytes, " + time);
        }
    }

    /** A builder starting at {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder starting at these limits. */
    public Builder toBuilder() {
        return new Builder(nameBytes, entries, inflateBytes, time);
    }

    /** Builds {@link ReadLimits}; {@link #build()} checks every limit as the record does. */
    public static final class Builder {
        private long nameBytes;
        private long entries;
        private long inflateBytes;
        private Duration time;

        private Builder(long nameBytes, long entries, long inflateBytes, Duration time) {
            this.nameBytes = nameBytes;
            this.entries = entries;
            this.inflateBytes = inflateBytes;
            this.time = time;
        }

        /** Bytes of names and ids read in all. */
        public Builder nameBytes(long n) {
            nameBytes = n;
            return this;
        }

        /** Table entries read in all. */
        public Builder entries(long n) {
            entries = n;
            return this;
        }

        /** Bytes inflated from all compressed bundles and sections together. */
        public Builder inflateBytes(long n) {
            inflateBytes = n;
            return this;
        }

        /** The time the whole verification may take. */
        public Builder time(Duration t) {
            time = t;
            return this;
        }

        /**
         * The limits.
         *
         * @throws IllegalArgumentException when a limit is not positive
         */
        public ReadLimits build() {
            return new ReadLimits(nameBytes, entries, inflateBytes, time);
        }
    }
}
