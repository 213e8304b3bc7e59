package dev.hipdll.doctor;

import java.util.Optional;

/**
 * One {@code amdhip64_<major>.dll} found on the machine.
 *
 * @param location    where it was found: {@code runtime directory}, {@code System32}, {@code PATH entry #n},
 *                    {@code application folder}
 * @param directory   its directory, as the host spells it
 * @param name        its file name
 * @param version     its version resource, when it has one
 * @param sha256      the SHA-256 of its bytes (to tell copies from different builds)
 * @param size        its size in bytes
 * @param problem     why its version could not be read, or empty
 */
public record RuntimeDll(String location, String directory, String name, Optional<FileVersion> version, String sha256,
                         long size, String problem) {
    /** e.g. {@code 7.1.25424.0}, or "no version resource". */
    public String versionText() {
        return version.map(FileVersion::fileVersion).orElse(problem.isEmpty() ? "no version resource" : problem);
    }
}
