package dev.hipdll.release;

import dev.hipdll.findings.Check;
import java.util.List;

/**
 * More checks for each PE file of a package, added to the file's group after its own: the hook through which the
 * release gate ({@code dev.hipdll.gate}) applies what needs more than the file (its attestation beside it in the
 * package, under the run's trust policy).
 */
@FunctionalInterface
public interface PackageFileCheck {
    /** No more checks. */
    PackageFileCheck NONE = (file, role) -> List.of();

    /**
     * The checks of {@code file}.
     *
     * @param file    the PE file, readable at {@link PackageFile#file()}; files unpacked from a zip sit where the zip
     *                has them, with any attestation ({@code <name>.intoto.jsonl}) beside them
     * @param role    its role in the package ({@link FileRole}: a backend of {@link PackageOptions#backends()}, or a
     *                redistributed file), chosen once by the package verifier
     */
    List<Check> checks(PackageFile file, FileRole role);
}
