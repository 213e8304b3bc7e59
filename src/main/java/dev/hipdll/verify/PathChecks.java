package dev.hipdll.verify;

import dev.hipdll.artifact.Sha256Stream;
import dev.hipdll.pe.DebugEntry;
import dev.hipdll.pe.PeFile;
import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The build-path checks: {@code paths.pdb} (the CodeView record of the debug directory names no
 * absolute PDB path: {@code C:\...}, {@code \\server\...} or {@code /...}) and {@code paths.build}
 * (no absolute path of the build machine anywhere in the file, found by {@link PathLeakScanner}).
 */
final class PathChecks {
    private static final Pattern ABSOLUTE = Pattern.compile("^(?:[A-Za-z]:[\\\\/]|[\\\\/]).*");

    private final VerifyOptions options;

    PathChecks(VerifyOptions options) {
        this.options = options;
    }

    Check pdb(PeFile pe) throws IOException {
        List<String> pdbs = pe.debugEntries().stream().map(DebugEntry::pdbPath).filter(p -> p != null).toList();
        List<String> absolute = pdbs.stream().filter(p -> ABSOLUTE.matcher(p).matches()).toList();
        return new Check("paths.pdb", "no absolute PDB path", absolute.isEmpty() ? Verdict.PASS : Verdict.FAIL,
                "no PDB path, or a bare file name (link with /pdbaltpath:%_PDB%)",
                pdbs.isEmpty() ? "no CodeView debug entry" : String.join(", ", pdbs),
                absolute.stream().map(p -> "absolute PDB path in the debug directory: " + p).toList());
    }

    /**
     * The {@code paths.build} check: streams the whole file once, feeding {@code digest} (when not
     * {@code null}) on the way; when no build path is given nothing is read.
     */
    Check build(PeFile pe, Sha256Stream digest) throws IOException {
        PathLeakScanner scanner = new PathLeakScanner(options.buildPaths());
        if (scanner.paths().isEmpty()) {
            return Check.of("paths.build", "no build-machine path inside", Verdict.SKIP,
                    "no build path given (SDK root, project directory, user home)", "not scanned");
        }
        List<PathLeak> leaks = scanner.scan(pe.source(), digest);
        return new Check("paths.build", "no build-machine path inside", leaks.isEmpty() ? Verdict.PASS : Verdict.FAIL,
                "none of " + String.join(", ", scanner.paths()) + " (ASCII or UTF-16LE, any case, either slash)",
                leaks.isEmpty() ? "none in " + pe.size() + " bytes" : leaks.size() + (leaks.size() >= PathLeakScanner.MAX_FINDINGS
                        ? "+" : "") + " occurrence(s)",
                leaks.stream().map(l -> "build path " + l.path() + " at " + l).toList());
    }
}
