package dev.hipdll.compile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Checks that a step wrote what the next step needs, by the first bytes of its output:
 * <ul>
 *   <li>a device compile: an ELF file ({@code 0x7f 'E' 'L' 'F'}), the AMDGPU code object. clang's
 *       new offload driver (the default for HIP from LLVM 22) may bundle even with
 *       {@code --no-gpu-bundle-output}; then the output starts {@code __CLANG_OFFLOAD_BUNDLE__} or
 *       {@code CCOB} and this says so instead of bundling a bundle;</li>
 *   <li>a compressed bundle: {@code CCOB} with the version asked for in
 *       {@code COMPRESSED_BUNDLE_FORMAT_VERSION}: clang-offload-bundler of LLVM 19 ignores the variable
 *       and writes version 2, so {@code hip.bundleVersion=3} fails there rather than silently giving v2.
 *       The header is clang's {@code CompressedOffloadBundle}: magic, u16 version, u16 method, little-endian.</li>
 * </ul>
 */
public final class StepOutputCheck {
    private StepOutputCheck() {
    }

    /**
     * The problem with a finished step's output, or empty when it is what the step must write.
     *
     * @param step the step (its output exists)
     * @throws IOException when the output cannot be read
     */
    public static Optional<String> problem(BuildStep step) throws IOException {
        byte[] head = head(step.output(), 24);
        if (step.kind() == StepKind.DEVICE_COMPILE) {
            if (head.length >= 4 && head[0] == 0x7f && head[1] == 'E' && head[2] == 'L' && head[3] == 'F') {
                return Optional.empty();
            }
            boolean bundled = startsWith(head, "__CLANG_OFFLOAD_BUNDLE__") || startsWith(head, "CCOB");
            String found = startsWith(head, "CCOB") ? "is a compressed offload bundle" : bundled ? "is an offload bundle"
                    : head.length == 0 ? "is empty" : "has no ELF header";
            return Optional.of(step.output().getFileName() + " " + found + ", not an AMDGPU code object (ELF)"
                    + (bundled ? ": this clang bundled device-only output despite --no-gpu-bundle-output (clang's new"
                    + " offload driver, the default from LLVM 22, does); add --no-offload-new-driver to compilerArgs"
                    + " while the SDK's clang still has it" : ""));
        }
        String asked = step.environment().get(StepPlanner.BUNDLE_VERSION_VARIABLE);
        if (step.kind() == StepKind.BUNDLE && asked != null) {
            if (!startsWith(head, "CCOB") || head.length < 6) {
                return Optional.of(step.output().getFileName() + " is not a compressed offload bundle (no CCOB magic)"
                        + " although -compress was passed");
            }
            int version = (head[4] & 0xff) | (head[5] & 0xff) << 8;
            if (!String.valueOf(version).equals(asked)) {
                return Optional.of("hip.bundleVersion=" + asked + " asked for CCOB version " + asked + " but "
                        + step.executable().getFileName() + " wrote version " + version + " (LLVM 19 writes only"
                        + " version 2; version 3 needs LLVM 20 or later, which reads "
                        + StepPlanner.BUNDLE_VERSION_VARIABLE + ")");
            }
        }
        return Optional.empty();
    }

    private static boolean startsWith(byte[] head, String magic) {
        if (head.length < magic.length()) {
            return false;
        }
        for (int i = 0; i < magic.length(); i++) {
            if (head[i] != magic.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static byte[] head(Path file, int n) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(n);
        }
    }
}
