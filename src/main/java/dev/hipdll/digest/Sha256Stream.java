package dev.hipdll.digest;

import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * A SHA-256 (FIPS 180-4) computed over bytes given in file order, counting them: a reader that
 * streams a whole file anyway (verify's build-path scan) feeds it, so the file need not be read a
 * second time for its digest. The count tells whether the stream reached the end of the file
 * ({@link #length()} equal to the file's size) before the digest is trusted. Not thread-safe.
 */
public final class Sha256Stream {
    private final MessageDigest md = Sha256.newDigest();
    private long length;
    private boolean done;

    /**
     * Adds {@code len} bytes of {@code b} from {@code off}.
     *
     * @throws IllegalStateException after {@link #hex()}
     */
    public void update(byte[] b, int off, int len) {
        if (done) {
            throw new IllegalStateException("the digest was already taken");
        }
        md.update(b, off, len);
        length += len;
    }

    /** How many bytes were added, in bytes. */
    public long length() {
        return length;
    }

    /** The digest of every byte added, 64 lower-case hex digits; ends the stream. */
    public String hex() {
        done = true;
        return HexFormat.of().formatHex(md.digest());
    }
}
