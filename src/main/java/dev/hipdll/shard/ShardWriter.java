package dev.hipdll.shard;

import dev.hipdll.digest.Sha256;
import dev.hipdll.attestation.AttestationException;
import dev.hipdll.attestation.DsseEnvelope;
import dev.hipdll.attestation.SigningKey;
import dev.hipdll.compile.BuildStep;
import dev.hipdll.incremental.StepRecord;
import dev.hipdll.incremental.StepRecordStore;
import dev.hipdll.incremental.UnreadableStepRecordException;
import dev.hipdll.io.AtomicFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Publishes a shard build's device compiles as a shard directory: each step's code object (under its
 * path relative to the step directory), and {@code shard.json} ({@link ShardManifest}) with each step's
 * record as its input key and the SHA-256 of each file handed over; with a signing key also
 * {@code shard.dsse.json}, the manifest's bytes in a DSSE envelope signed with it. The directory is
 * emptied first, so it holds this build's shard only.
 */
public final class ShardWriter {
    private ShardWriter() {
    }

    /** The shard directory of a build for some targets: {@code <output directory>/shard/<targets joined by '+'>}. */
    public static Path directory(Path outputDirectory, List<String> targets) {
        return outputDirectory.resolve("shard").resolve(name(targets));
    }

    /**
     * The shard's name for a directory and a Maven classifier (letters, digits, {@code -} and {@code _} only): the
     * targets joined by {@code _}, a target's features after {@code -} with {@code +}/{@code -} spelt {@code on}/
     * {@code off}, e.g. {@code gfx1100_gfx90a-xnackon} for {@code gfx1100,gfx90a:xnack+}.
     */
    public static String name(List<String> targets) {
        List<String> parts = new ArrayList<>();
        for (String t : targets) {
            StringBuilder sb = new StringBuilder();
            for (String f : t.split(":")) {
                if (sb.length() > 0) {
                    sb.append('-');
                }
                sb.append(f.endsWith("+") ? f.substring(0, f.length() - 1) + "on"
                        : f.endsWith("-") ? f.substring(0, f.length() - 1) + "off" : f);
            }
            parts.add(sb.toString().replaceAll("[^A-Za-z0-9_-]", "_"));
        }
        return String.join("_", parts);
    }

    /**
     * Writes the shard.
     *
     * @param dir           the shard directory (replaced)
     * @param stepDir       the build's step directory, which the code objects' names are relative to
     * @param steps         the device compile steps that succeeded (each has its output and record)
     * @param pluginVersion the plugin's version
     * @param targets       the shard's gfx targets
     * @param key           the signing key, if one is configured
     * @return the manifest written
     * @throws IOException when a step has no record or output, or a file cannot be written
     */
    public static ShardManifest write(Path dir, Path stepDir, List<BuildStep> steps, String pluginVersion,
                                      List<String> targets, Optional<SigningKey> key) throws IOException {
        clear(dir);
        Files.createDirectories(dir);
        StepRecordStore records = new StepRecordStore();
        List<ShardEntry> entries = new ArrayList<>();
        Path base = stepDir.toAbsolutePath().normalize();
        for (BuildStep s : steps) {
            Path out = s.output().toAbsolutePath().normalize();
            StepRecord r;
            try {
                r = records.read(out).orElseThrow(() -> new IOException(s.describe() + ": no record beside " + out
                        + " after it succeeded; the shard is not written"));
            } catch (UnreadableStepRecordException e) {
                throw new IOException(e.getMessage(), e);
            }
            String rel = base.relativize(out).toString().replace('\\', '/');
            Path copy = dir.resolve(rel);
            Files.createDirectories(copy.getParent());
            Files.copy(out, copy, StandardCopyOption.REPLACE_EXISTING);
            String sha = Sha256.of(copy);
            if (!sha.equals(r.output().sha256())) {
                throw new IOException(s.describe() + ": " + out + " has SHA-256 " + sha + " but its record was written"
                        + " for " + r.output().sha256() + "; the shard is not written");
            }
            entries.add(new ShardEntry(s.id(), rel, sha, r));
        }
        ShardManifest m = new ShardManifest(ShardManifest.FORMAT, pluginVersion, targets, entries);
        byte[] json = m.toJson();
        AtomicFile.writeString(dir.resolve(ShardManifest.FILE_NAME), new String(json, StandardCharsets.UTF_8));
        if (key.isPresent()) {
            try {
                DsseEnvelope e = key.get().sign(new DsseEnvelope(ShardManifest.PAYLOAD_TYPE, json, List.of()));
                AtomicFile.writeString(dir.resolve(ShardManifest.SIGNED_FILE_NAME), e.toJson());
            } catch (AttestationException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        return m;
    }

    private static void clear(Path dir) throws IOException {
        if (Files.isDirectory(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> inside = Files.walk(dir)) {
                for (Path p : inside.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
