package dev.hipdll.process;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;

/**
 * Splits one output stream of a child process into lines in bounded memory: the bytes are decoded
 * as they arrive (a {@link CharsetDecoder}, malformed input replaced by U+FFFD) and of each line at
 * most {@code maxChars} characters are kept; the rest of the line is counted and discarded, however
 * long it is, so a 1 GB line without a line break costs a few kilobytes. A line ends at
 * {@code \n}, {@code \r} or {@code \r\n} (as commons-exec's {@code LogOutputStream} did); the last
 * line is emitted by {@link #finish()} when it is not empty.
 *
 * <p>Memory: one byte buffer and one character buffer of {@value #CHUNK} each, and one line of at
 * most {@code maxChars} characters. Not thread-safe: one splitter per stream, fed by one thread.
 */
final class LineSplitter {
    /** Size of the decode buffers, in bytes and characters. */
    static final int CHUNK = 8192;

    /** Receives each line: the kept characters and how many characters of the line were cut. */
    interface Sink {
        void line(String kept, long cutChars);
    }

    private final int maxChars;
    private final Sink sink;
    private final CharsetDecoder decoder;
    private final ByteBuffer in = ByteBuffer.allocate(CHUNK);
    private final CharBuffer out = CharBuffer.allocate(CHUNK);
    private final StringBuilder line = new StringBuilder();
    private long cut;
    private boolean afterCr;

    /**
     * @param charset  how the child encodes its output
     * @param maxChars characters kept of one line (at least 1)
     * @param sink     receives each line
     */
    LineSplitter(Charset charset, int maxChars, Sink sink) {
        if (maxChars < 1) {
            throw new IllegalArgumentException("maxChars must be at least 1: " + maxChars);
        }
        this.maxChars = maxChars;
        this.sink = sink;
        this.decoder = charset.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
    }

    /** Feeds {@code len} bytes of {@code bytes} from {@code off}. */
    void write(byte[] bytes, int off, int len) {
        int pos = off;
        int end = off + len;
        while (pos < end) {
            int n = Math.min(in.remaining(), end - pos);
            in.put(bytes, pos, n);
            pos += n;
            in.flip();
            decode(false);
            in.compact();
        }
    }

    /** Ends the stream: decodes what is left and emits the last line if it is not empty. */
    void finish() {
        in.flip();
        decode(true);
        while (decoder.flush(out).isOverflow()) {
            drain();
        }
        drain();
        in.clear();
        if (line.length() > 0 || cut > 0) {
            emit();
        }
    }

    private void decode(boolean endOfInput) {
        while (decoder.decode(in, out, endOfInput).isOverflow()) {
            drain();
        }
        drain();
    }

    private void drain() {
        out.flip();
        char[] chars = out.array();
        int limit = out.limit();
        for (int i = 0; i < limit; i++) {
            char c = chars[i];
            if (c == '\n' || c == '\r') {
                if (!(c == '\n' && afterCr)) {
                    emit();
                }
                afterCr = c == '\r';
                continue;
            }
            afterCr = false;
            if (line.length() < maxChars) {
                line.append(c);
            } else {
                cut++;
            }
        }
        out.clear();
    }

    private void emit() {
        int keep = line.length();
        long dropped = cut;
        if (dropped > 0 && keep > 0 && Character.isHighSurrogate(line.charAt(keep - 1))) {
            keep--; // never end the kept part with half a surrogate pair
            dropped++;
        }
        sink.line(line.substring(0, keep), dropped);
        line.setLength(0);
        cut = 0;
    }
}
