package dev.hipdll.bundle;

import java.util.List;
import java.util.Optional;

/**
 * A clang offload bundle (clang documentation "Clang Offload Bundler", "Bundled binary file
 * layout"), plain or compressed.
 *
 * @param offset      where it starts in the section or file it was read from, in bytes
 * @param compression the compressed-bundle header, or empty for a plain bundle
 * @param entries     the entries, file order
 */
public record OffloadBundle(long offset, Optional<CompressionInfo> compression, List<BundleEntry> entries) {
    /** Creates a bundle; the entry list is copied. */
    public OffloadBundle {
        entries = List.copyOf(entries);
    }
}
