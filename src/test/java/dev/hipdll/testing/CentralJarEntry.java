package dev.hipdll.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * One file inside a jar on Maven Central, for tests that need a real DLL built by others when the jar is
 * far too large to be a test dependency (bytedeco's CUDA redistributables: 1.8 GB for a 4 MB DLL). Only
 * the bytes needed are fetched, with HTTP range requests: the end of the jar (its ZIP end record and
 * central directory, APPNOTE 4.3.12-4.3.16), then the entry's local header and its compressed bytes. The
 * file is checked against a pinned SHA-256 and cached outside the repository (system property
 * {@code hipdll.testCache}, default {@code ~/.cache/hipdll-test-dlls}), so it is fetched once per machine.
 * Without network the test is skipped, or under {@code CI=true} fails ({@link Toolchain#missing}).
 */
public final class CentralJarEntry {
    private static final String CENTRAL = "https://repo1.maven.org/maven2/";

    private CentralJarEntry() {
    }

    /**
     * The file {@code entry} of the jar at {@code jarPath} (relative to Maven Central's root), cached as
     * {@code cacheName}, whose SHA-256 must be {@code sha256}.
     */
    public static Path get(String jarPath, String entry, String cacheName, String sha256) {
        Path dir = Path.of(System.getProperty("hipdll.testCache", System.getProperty("user.home") + "/.cache/hipdll-test-dlls"));
        Path file = dir.resolve(cacheName);
        try {
            if (Files.isRegularFile(file) && sha256(Files.readAllBytes(file)).equals(sha256)) {
                return file;
            }
            byte[] bytes = fetch(URI.create(CENTRAL + jarPath), entry);
            String got = sha256(bytes);
            if (!got.equals(sha256)) {
                throw new AssertionError(jarPath + "!" + entry + " has SHA-256 " + got + ", pinned " + sha256);
            }
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, cacheName, ".part");
            Files.write(tmp, bytes);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return file;
        } catch (IOException e) {
            Toolchain.missing("cannot fetch " + entry + " from " + CENTRAL + jarPath + " (a real DLL the test needs): " + e);
            throw new IllegalStateException("unreachable");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static byte[] fetch(URI jar, String entry) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20))
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        long size = http.send(HttpRequest.newBuilder(jar).method("HEAD", HttpRequest.BodyPublishers.noBody())
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.discarding())
                .headers().firstValueAsLong("Content-Length").orElseThrow(() -> new IOException(jar + ": no Content-Length"));
        int tailLength = (int) Math.min(size, 1 << 20);
        ByteBuffer tail = range(http, jar, size - tailLength, tailLength);
        int eocd = -1;
        for (int i = tailLength - 22; i >= 0; i--) {
            if (tail.getInt(i) == 0x06054b50) {
                eocd = i;
                break;
            }
        }
        if (eocd < 0) {
            throw new IOException(jar + ": no ZIP end-of-central-directory record in the last " + tailLength + " bytes");
        }
        long cdSize = tail.getInt(eocd + 12) & 0xffffffffL;
        long cdOffset = tail.getInt(eocd + 16) & 0xffffffffL;
        ByteBuffer cd = cdOffset >= size - tailLength ? slice(tail, (int) (cdOffset - (size - tailLength)), (int) cdSize)
                : range(http, jar, cdOffset, (int) cdSize);
        for (int p = 0; p + 46 <= cd.limit() && cd.getInt(p) == 0x02014b50; ) {
            int method = cd.getShort(p + 10) & 0xffff;
            long compressed = cd.getInt(p + 20) & 0xffffffffL;
            long plain = cd.getInt(p + 24) & 0xffffffffL;
            int nameLength = cd.getShort(p + 28) & 0xffff;
            int extra = cd.getShort(p + 30) & 0xffff;
            int comment = cd.getShort(p + 32) & 0xffff;
            long local = cd.getInt(p + 42) & 0xffffffffL;
            byte[] name = new byte[nameLength];
            cd.get(p + 46, name);
            if (new String(name, StandardCharsets.UTF_8).equals(entry)) {
                ByteBuffer head = range(http, jar, local, 30);
                long data = local + 30 + (head.getShort(26) & 0xffff) + (head.getShort(28) & 0xffff);
                ByteBuffer raw = range(http, jar, data, (int) compressed);
                byte[] bytes = new byte[raw.remaining()];
                raw.get(bytes);
                if (method == 0) {
                    return bytes;
                }
                if (method != 8) {
                    throw new IOException(entry + ": compression method " + method);
                }
                try (InputStream in = new InflaterInputStream(new java.io.ByteArrayInputStream(bytes), new Inflater(true))) {
                    byte[] out = in.readAllBytes();
                    if (out.length != plain) {
                        throw new IOException(entry + ": inflated " + out.length + " bytes, expected " + plain);
                    }
                    return out;
                }
            }
            p += 46 + nameLength + extra + comment;
        }
        throw new IOException(jar + " has no entry " + entry);
    }

    private static ByteBuffer range(HttpClient http, URI uri, long from, int length) throws IOException, InterruptedException {
        HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(5))
                .header("Range", "bytes=" + from + "-" + (from + length - 1)).build(), HttpResponse.BodyHandlers.ofInputStream());
        if (r.statusCode() != 206) {
            r.body().close();
            throw new IOException(uri + ": HTTP " + r.statusCode() + " for a range request");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(length);
        try (InputStream in = r.body()) {
            in.transferTo(out);
        }
        if (out.size() != length) {
            throw new IOException(uri + ": " + out.size() + " bytes for a range of " + length);
        }
        return ByteBuffer.wrap(out.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static ByteBuffer slice(ByteBuffer b, int at, int length) {
        return b.slice(at, length).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
