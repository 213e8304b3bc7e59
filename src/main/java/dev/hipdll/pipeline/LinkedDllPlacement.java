package dev.hipdll.pipeline;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.io.InUseReplacement;
import dev.hipdll.io.IoProblem;
import dev.hipdll.pe.DllImageCheck;
import dev.hipdll.signing.AuthenticodeSigning;
import dev.hipdll.signing.SigningException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Puts the DLL the link wrote in the build's temporary directory over the output: only a complete PE32+ DLL
 * ({@link DllImageCheck}) is moved, atomically, so a failed or stopped build keeps the previous DLL. With
 * {@code hip.sign.*} the file is signed there first ({@link AuthenticodeSigning}), so the output is never an unsigned
 * or half-signed DLL. On Windows a
 * previous DLL that a process has loaded is moved aside first ({@link InUseReplacement}).
 */
final class LinkedDllPlacement {
    private LinkedDllPlacement() {
    }

    /**
     * Checks {@code linked} and moves it over {@code output}; {@code tempDir} is gone afterwards either way.
     *
     * @param linked   the link's output, inside {@code tempDir}
     * @param output   the DLL to replace
     * @param tempDir  the build's temporary directory
     * @param buildLog the build log, named in the message of an incomplete DLL
     * @param previous what is left of the output if this fails ({@link BuildPlan#previousOutput()})
     * @param log      the build's log (a DLL in use is warned about)
     * @param signing  how to sign the DLL before it is moved; empty: it is not signed
     * @throws BuildFailedException when the link's output is not a complete PE32+ DLL, cannot be signed or cannot be
     *                              moved into place
     * @throws IOException          when the temporary directory cannot be deleted
     */
    static void place(Path linked, Path output, Path tempDir, Path buildLog, String previous, BuildListener log,
                      Optional<AuthenticodeSigning> signing) throws BuildFailedException, IOException {
        try {
            try {
                DllImageCheck.check(linked);
            } catch (IOException e) {
                throw new BuildFailedException("the link exited 0 but its output is not a complete PE32+ DLL: "
                        + (e instanceof BinaryFormatException ? e.getMessage() : IoProblem.describe(e))
                        + ". The file was deleted; " + previous + ". Full log: " + buildLog);
            }
            if (signing.isPresent()) {
                try {
                    signing.get().sign(linked);
                } catch (SigningException e) {
                    throw new BuildFailedException("hipdll:build: " + e.getMessage() + ". The linked DLL was deleted"
                            + " unsigned; " + previous);
                }
                log.info("signed " + output.getFileName() + " with Authenticode (" + signing.get().describe() + ")");
            }
            Path aside = tempDir.resolveSibling("replaced"); // Windows: where a loaded previous DLL is moved
            InUseReplacement.clean(aside);
            try {
                InUseReplacement.replace(linked, output, aside).ifPresent(old -> log.warn(output.getFileName()
                        + " was in use (a process has it loaded: Windows refuses to overwrite it); it was moved to "
                        + old + " and the new DLL put in place. That process keeps the old one until it unloads it;"
                        + " the next build deletes it once it is free."));
            } catch (IOException e) {
                throw new BuildFailedException("cannot move the built DLL into place (" + IoProblem.describe(e) + ")"
                        + (e instanceof AccessDeniedException ? ": on Windows, a process that has "
                        + output.getFileName() + " loaded or open keeps it from being replaced or moved; close that"
                        + " program (Resource Monitor > CPU > Associated Handles, search " + output.getFileName()
                        + ") and build again" : "") + "; " + previous);
            }
        } finally {
            TemporaryDirectories.discard(tempDir);
        }
    }
}
