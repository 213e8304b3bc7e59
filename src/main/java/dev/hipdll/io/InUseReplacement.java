package dev.hipdll.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * Puts a new file over one that another process may have loaded, the Windows way. Windows refuses to overwrite
 * or delete a DLL that a process has loaded ({@code MoveFileEx} with {@code MOVEFILE_REPLACE_EXISTING} fails with
 * {@code ERROR_ACCESS_DENIED}), but lets it be renamed within its volume: the process keeps the image it mapped.
 * So when the replacing move is denied, the loaded file is moved aside into {@code asideDir} (same volume, a
 * unique name) and the new file takes its place; if that second move fails too, the old file is moved back, so
 * the target path always holds a whole DLL, the old one or the new one (found by the Windows tier's
 * HeldDllTest: the build failed with "permission denied" while a host program had coli_hip.dll loaded).
 * Files moved aside are deleted by {@link #clean} once no process has them loaded any more.
 */
public final class InUseReplacement {
    private InUseReplacement() {
    }

    /**
     * Moves {@code source} over {@code target} atomically; when that is denied and {@code target} exists, moves
     * {@code target} aside first.
     *
     * @param source   the new file (same volume as {@code target})
     * @param target   the file to replace
     * @param asideDir where an in-use {@code target} goes (created; same volume)
     * @return where the old file was moved, when it had to be
     * @throws IOException the first move's error when moving aside is not possible, or the error of a move
     *                     after which {@code target} was restored
     */
    public static Optional<Path> replace(Path source, Path target, Path asideDir) throws IOException {
        try {
            Files.move(source, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return Optional.empty();
        } catch (AccessDeniedException denied) {
            if (!Files.isRegularFile(target)) {
                throw denied;
            }
            Files.createDirectories(asideDir);
            Path aside = asideDir.resolve(target.getFileName() + "." + ProcessHandle.current().pid() + "-"
                    + Long.toHexString(System.nanoTime()) + ".old");
            try {
                Files.move(target, aside, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException notAside) {
                denied.addSuppressed(notAside);
                throw denied;
            }
            try {
                Files.move(source, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException notPlaced) {
                try {
                    Files.move(aside, target, StandardCopyOption.ATOMIC_MOVE);
                } catch (IOException notRestored) {
                    // the old DLL is whole at `aside`: say so, so that nobody takes it for lost; clean() keeps
                    // it while the message names it only if it is still loaded (then it cannot be deleted)
                    IOException e = new IOException("the previous " + target.getFileName() + " could not be put back"
                            + " after it was moved aside: it is at " + aside + " (" + notRestored.getMessage() + ")",
                            notPlaced);
                    e.addSuppressed(notRestored);
                    throw e;
                }
                throw notPlaced;
            }
            return Optional.of(aside);
        }
    }

    /** Deletes the files in {@code asideDir} that can be deleted (no process has them loaded), then the directory if empty. */
    public static void clean(Path asideDir) {
        if (!Files.isDirectory(asideDir)) {
            return;
        }
        try (DirectoryStream<Path> old = Files.newDirectoryStream(asideDir, "*.old")) {
            for (Path p : old) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException stillLoaded) {
                    // a process still has it loaded: the next build tries again
                }
            }
        } catch (IOException e) {
            return;
        }
        try {
            Files.deleteIfExists(asideDir);
        } catch (IOException notEmpty) {
            // an old file is still loaded
        }
    }
}
