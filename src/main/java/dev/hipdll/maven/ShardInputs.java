package dev.hipdll.maven;

import dev.hipdll.shard.ShardArchive;
import dev.hipdll.shard.ShardException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;

/**
 * Turns {@code hip.shards} entries into shard directories: an existing directory as it is (relative to
 * the project); a {@code .zip} file (a shard as {@code hipdll:build -Dhip.shard=device} attaches it) unpacked; else
 * Maven coordinates {@code groupId:artifactId:version:classifier} (type {@code zip}) resolved from the project's
 * repositories and unpacked. Unpacked shards go to {@code <output directory>/shards-in/<n>}.
 */
final class ShardInputs {
    private ShardInputs() {
    }

    /**
     * Whether {@code hip.shards} names no shard: unset, or only empty elements (Maven gives an empty element of a
     * comma list, as in {@code -Dhip.shards=,a} or {@code -Dhip.shards=}, as null).
     *
     * @param entries the {@code hip.shards} entries, or null
     */
    static boolean none(List<String> entries) {
        return entries == null || entries.stream().allMatch(e -> e == null || e.isBlank());
    }

    /**
     * @param entries    the {@code hip.shards} entries (null or blank elements are skipped)
     * @param basedir    the project directory (relative directories and files)
     * @param unpackDir  where zips are unpacked
     * @param system     the repository system (null: coordinates cannot be resolved)
     * @param session    the repository session
     * @param remotes    the project's remote repositories
     * @param names      receives each shard's name for the log (the entry as given), in order
     * @param trusted    the trusted keys: when not empty a zip is unpacked only when its manifest is signed by one,
     *                   and then only what its signed manifest names ({@link ShardArchive#unzip(Path, Path, List)})
     * @return the shard directories, in order
     * @throws ShardException when an entry is none of these, or does not resolve or unpack
     */
    static List<Path> directories(List<String> entries, Path basedir, Path unpackDir, RepositorySystem system,
                                  RepositorySystemSession session, List<RemoteRepository> remotes, List<String> names,
                                  List<dev.hipdll.attestation.TrustedKey> trusted)
            throws ShardException, IOException {
        List<Path> dirs = new ArrayList<>();
        int n = 0;
        for (String raw : entries) {
            if (raw == null || raw.isBlank()) {  // Maven gives an empty element (a,,b or a trailing comma) as null
                continue;
            }
            String e = raw.strip();
            Path p = basedir.resolve(e).normalize();
            if (Files.isDirectory(p)) {
                if (!Files.exists(p.resolve(dev.hipdll.shard.ShardManifest.FILE_NAME))) {
                    List<String> inner = shardsInside(p);
                    if (!inner.isEmpty()) {
                        throw new ShardException("hip.shards: " + p + " holds no " + dev.hipdll.shard.ShardManifest
                                .FILE_NAME + " but shard directories (" + String.join(", ", inner) + "): name each"
                                + " of them, not their parent");
                    }
                }
                dirs.add(p);
                names.add(p.toString());
                continue;
            }
            Path zip;
            if (Files.isRegularFile(p) && e.endsWith(".zip")) {
                zip = p;
            } else if (e.split(":", -1).length == 4 && !e.contains("/") && !e.contains("\\")) {
                String[] c = e.split(":");
                if (system == null || session == null) {
                    throw new ShardException("hip.shards: " + e + " names Maven coordinates, but no repository"
                            + " session is available");
                }
                try {
                    zip = system.resolveArtifact(session, new ArtifactRequest(new DefaultArtifact(c[0], c[1], c[3], "zip",
                            c[2]), remotes, null)).getArtifact().getFile().toPath();
                } catch (ArtifactResolutionException | IllegalArgumentException x) {
                    throw new ShardException("hip.shards: " + e + " (groupId:artifactId:version:classifier of a shard"
                            + " zip) does not resolve: " + x.getMessage());
                }
            } else if (!Files.exists(p) && (e.contains("/") || e.contains("\\") || e.endsWith(".zip"))) {
                throw new ShardException("hip.shards: " + p + " does not exist; expected a shard directory (holding "
                        + dev.hipdll.shard.ShardManifest.FILE_NAME + ") or a shard .zip file");
            } else {
                throw new ShardException("hip.shards: " + e + " is no shard directory, no shard .zip file and no Maven"
                        + " coordinates groupId:artifactId:version:classifier (resolved against " + basedir + ")");
            }
            Path dir = unpackDir.resolve(String.valueOf(n++));
            ShardArchive.unzip(zip, dir, trusted);
            dirs.add(dir);
            names.add(e);
        }
        return dirs;
    }

    /** The names of the sub-directories of {@code dir} that hold a shard manifest, sorted (for a hint). */
    private static List<String> shardsInside(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            return s.filter(d -> Files.isRegularFile(d.resolve(dev.hipdll.shard.ShardManifest.FILE_NAME)))
                    .map(d -> d.getFileName().toString()).sorted().toList();
        }
    }
}
