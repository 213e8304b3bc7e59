package dev.hipdll.authenticode;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SectionHeader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The SHA-256 of a signed PE file's image without its signature ({@link ImageDigest.Result#unsignedSha256()}): for a
 * DLL signed after it was linked (jsign, signtool, osslsigncode), the SHA-256 of the DLL the linker wrote. The build
 * stamp and {@code hipdll:verify} recognise a DLL signed by another tool after the build by it.
 */
public final class UnsignedImage {
    private UnsignedImage() {
    }

    /**
     * The SHA-256 of {@code file} without its Authenticode signature.
     *
     * @param file a file that may be a signed PE image
     * @return lower-case hex; empty when the file is not a PE image, has no certificate table, its table or sections
     *         are malformed, or the table is not where a signing tool appends it: at the end of the file, after every
     *         section's raw data (a table spliced in front of a section leaves the hash of the other bytes the
     *         linker's while the loader maps the table's bytes as the section, so no image without a signature can be
     *         told)
     * @throws IOException when the file cannot be read
     */
    public static Optional<String> sha256(Path file) throws IOException {
        try (PeFile pe = PeFile.open(file)) {
            if (!CertificateTable.present(pe)) {
                return Optional.empty();
            }
            CertificateTable table = CertificateTable.read(pe);
            if (table.end() != pe.size()) {
                return Optional.empty();
            }
            for (SectionHeader s : pe.sections()) {
                if (s.sizeOfRawData() > 0 && table.offset() < s.pointerToRawData() + s.sizeOfRawData()) {
                    return Optional.empty();
                }
            }
            return Optional.of(ImageDigest.compute(pe, table, List.of("SHA-256"), pe.budget()).unsignedSha256());
        } catch (BinaryFormatException e) {
            return Optional.empty();
        }
    }
}
