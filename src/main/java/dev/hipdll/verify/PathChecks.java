package dev.hipdll.verify;

import dev.hipdll.artifact.Sha256Stream;
import dev.hipdll.pe.DebugEntry;
import dev.hipdll.pe.PeFile;
import java.io.IOException;
import java.util.ArrayList;
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
        List<String> pdbs = new ArrayList<>();
        List<String> absolute = new ArrayList<>();
        for (DebugEntry d : pe.debugEntries()) {
            String p = d.pdbPath();
            if (p == null) {
                continue;
            }
            pdbs.add(p);
            if (ABSOLUTE.matcher(p).matches()) {
                absolute.add(p);
            }
        }
        return new Check("paths.pdb", "no absolute PDB path", absolute.isEmpty() ? Verdict.PASS : Verdict.FAIL,
                "no PDB path, or a bare file name (link with /pdbaltpath:%_PDB%)",
                pdbs.isEmpty() ? "no CodeView debug entry" : String.join(", ", pdbs),
                DetailLines.each("absolute PDB path in the debug directory: ", absolute));
    }

    /** The scanner of {@code paths.build}: this machine's paths and absolute paths of any machine. */
    PathLeakScanner scanner() {
        return new PathLeakScanner(options.buildPaths(), true);
    }

    /** What the whole-file scan found; set by {@link #build} (on the scan thread), read after it ended. */
    private volatile List<PathLeak> raw = List.of();
    private volatile long scanned;

    /**
     * The whole-file part of {@code paths.build}: streams the file once, feeding {@code digest} (when
     * not {@code null}) on the way. Its result is completed by {@link #located}.
     */
    Check build(PeFile pe, Sha256Stream digest) throws IOException {
        raw = scanner().scan(pe.source(), digest);
        scanned = pe.size();
        return Check.of(CheckIds.PATHS_BUILD, TITLE, Verdict.PASS, "", "");
    }

    private static final String TITLE = "no absolute build path inside";

    /**
     * The {@code paths.build} check, after the whole-file scan ({@code scanned}, from {@link #build})
     * and the device-code scan ({@code device}, or {@code null} when the device code was not read): each
     * occurrence is located (a code object and its ELF section when it lies in one), occurrences of
     * compressed bundles added, those matching a {@code hip.allowedPaths} glob reported as accepted.
     */
    Check located(Check scannedCheck, DeviceCodeScan device) {
        PathLeakScanner sc = scanner();
        List<String> failing = new ArrayList<>();
        List<String> accepted = new ArrayList<>();
        List<PathGlob> globs = new ArrayList<>();
        for (String g : options.allowedPaths()) {
            if (g != null && !g.isBlank()) {
                globs.add(new PathGlob(g));
            }
        }
        for (PathLeak l : raw) {
            String where = device == null ? null : device.where(l.offset()).orElse(null);
            classify(l, where, String.format("0x%X", l.offset()), globs, failing, accepted);
        }
        if (device != null) {
            for (DeviceCodeScan.Located l : device.inflatedLeaks()) {
                classify(l.leak(), l.where(), null, globs, failing, accepted);
            }
        }
        List<String> details = new ArrayList<>(failing);
        details.addAll(accepted);
        String lookedFor = sc.paths().isEmpty() ? "" : "this machine's " + String.join(", ", sc.paths()) + "; ";
        return new Check(CheckIds.PATHS_BUILD, TITLE, failing.isEmpty() ? Verdict.PASS : Verdict.FAIL,
                "no absolute path: " + lookedFor + "POSIX paths under /home, /Users, /tmp, /root, /opt, /usr, /build, /__w, ...,"
                        + " drive-letter and UNC paths (ASCII or UTF-16LE, also inside inflated bundles)"
                        + (globs.isEmpty() ? "" : "; accepted: " + String.join(", ", options.allowedPaths())),
                failing.isEmpty() ? "none in " + scanned + " bytes" + (accepted.isEmpty() ? "" : " (" + accepted.size()
                        + " accepted by hip.allowedPaths)") : failing.size() + (raw.size() >= PathLeakScanner.MAX_FINDINGS
                        ? "+" : "") + " occurrence(s)" + (accepted.isEmpty() ? "" : ", " + accepted.size() + " accepted"),
                details);
    }

    private static void classify(PathLeak l, String where, String offset, List<PathGlob> globs, List<String> failing,
                                 List<String> accepted) {
        String text = l.context().isEmpty() ? l.path() : l.context();
        String machine = l.path().equals(l.context()) ? "" : "build path " + l.path() + ", ";
        String line = (where == null ? "" : where + ": ") + text + " (" + machine + l.encoding()
                + (offset == null ? "" : " at " + offset) + ")";
        PathGlob g = null;
        for (PathGlob x : globs) {
            if (x.matches(text)) {
                g = x;
                break;
            }
        }
        if (g == null) {
            failing.add(line);
        } else {
            accepted.add("accepted by hip.allowedPaths " + g.glob() + ": " + line);
        }
    }
}
