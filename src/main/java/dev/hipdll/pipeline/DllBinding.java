package dev.hipdll.pipeline;

import dev.hipdll.authenticode.UnsignedImage;
import dev.hipdll.digest.FileDigests;
import dev.hipdll.io.AtomicFile;
import dev.hipdll.trust.MachineKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Binds a DLL this machine linked from inputs it vouches for to this machine, as step records are
 * ({@link dev.hipdll.incremental.RecordSeal}): {@code <dll>.built-here} holds the HMAC-SHA256, under the user's
 * {@link MachineKey}, of the line {@code hipdll dll 1 <sha256 of the DLL without its signature>}. A build that signs and finds the DLL up to
 * date signs it only when this binding holds; a DLL, stamp and provenance restored from a build cache (all writable by
 * whoever writes the cache) would otherwise be signed as this build's own. It is written only when every input of
 * the link was vouched for (no unsigned shard), and deleted otherwise.
 */
final class DllBinding {
    private DllBinding() {
    }

    /** The binding file of {@code dll}. */
    static Path file(Path dll) {
        return dll.resolveSibling(dll.getFileName() + ".built-here");
    }

    private static byte[] statement(String sha256) {
        return ("hipdll dll 1 " + sha256).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * The SHA-256 the binding is over: the DLL's image without its Authenticode signature
     * ({@link UnsignedImage}), the whole file when it is not signed. A DLL the build signed ({@code hip.sign.*}) or that
     * another tool signed after the build is bound as the DLL this machine linked.
     */
    private static String image(Path dll, FileDigests digests) throws IOException {
        Optional<String> image = UnsignedImage.sha256(dll);
        return image.isPresent() ? image.get() : digests.of(dll);
    }

    /**
     * Writes the binding of the DLL as it is now, or deletes it when {@code vouched} is false or there is no key.
     *
     * @throws IOException when the DLL cannot be read or the file not written
     */
    static void write(Optional<MachineKey> key, Path dll, boolean vouched, FileDigests digests) throws IOException {
        if (key.isEmpty() || !vouched) {
            Files.deleteIfExists(file(dll));
            return;
        }
        AtomicFile.writeString(file(dll), key.get().mac(statement(image(dll, digests))) + "\n");
    }

    /**
     * Why the DLL is not bound to this machine, or empty when it is.
     *
     * @return e.g. "it was not linked on this machine (no coli_hip.dll.built-here)"
     */
    static Optional<String> problem(Optional<MachineKey> key, Path dll, FileDigests digests) {
        Path f = file(dll);
        if (key.isEmpty()) {
            return Optional.of("no step record key on this machine says where it was linked");
        }
        try {
            if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) || Files.size(f) > 256) {
                return Optional.of("it was not linked on this machine (no " + f.getFileName() + ")");
            }
            String mac = Files.readString(f, StandardCharsets.US_ASCII);
            return key.get().verifies(statement(image(dll, digests)), mac) ? Optional.empty()
                    : Optional.of("it was not linked on this machine (" + f.getFileName() + " does not verify)");
        } catch (IOException | RuntimeException e) {
            return Optional.of("it was not linked on this machine (" + f.getFileName() + " cannot be read)");
        }
    }
}
