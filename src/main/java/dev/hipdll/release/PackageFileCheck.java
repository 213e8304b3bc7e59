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
    PackageFileCheck NONE = (file, backend) -> List.of();

    /**
     * The checks of {@code file}.
     *
     * @param file    the PE file, readable at {@link PackageFile#file()}; files unpacked from a zip sit where the zip
     *                has them, with any attestation ({@code <name>.intoto.jsonl}) beside them
     * @param backend whether it is a backend ({@link PackageOptions#backends()}), else a library of the package
     */
    List<Check> checks(PackageFile file, boolean backend);
}
