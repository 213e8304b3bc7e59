package dev.hipdll.testing;

import dev.hipdll.bundle.FatBinaryLocator;
import dev.hipdll.bundle.OffloadBundleReader;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.pe.PeFile;
import java.io.IOException;

/** Runs every reader over an image, as verify does: headers, all directories, the offload bundles. */
public final class ReadEverything {
    private ReadEverything() {
    }

    /**
     * Reads {@code bytes} (called {@code name}) completely.
     *
     * @throws dev.hipdll.bytes.BinaryFormatException when the image is malformed; anything else
     *                                                is a bug in the readers
     */
    public static void read(String name, byte[] bytes) throws IOException {
        try (PeFile pe = PeFile.read(ByteSource.of(name, bytes))) {
            pe.imports();
            pe.delayImports();
            pe.exports();
            pe.debugEntries();
            pe.resources();
            pe.versionInfo();
            pe.sections().forEach(s -> s.flagNames());
            new FatBinaryLocator(new OffloadBundleReader(64L << 20)).bundles(pe);
        }
    }
}
