package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import dev.hipdll.digest.Sha256Stream;
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
 * {@code paths.build} passes only when every byte was searched: bytes it did not read (an overlay
 * {@code pe.overlay} refused, the rest of the file once {@code hip.verifyTimeLimit} ran out, a compressed
 * section or bundle that could not be inflated within the budget) fail it, each named with its offsets.
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
        return new Check(CheckIds.PATHS_PDB, "no absolute PDB path", absolute.isEmpty() ? Verdict.PASS : Verdict.FAIL,
                "no PDB path, or a bare file name (link with /pdbaltpath:%_PDB%)",
                pdbs.isEmpty() ? "no CodeView debug entry" : Joined.of(shown(pdbs), ", "),
                DetailLines.each("absolute PDB path in the debug directory: ", absolute));
    }

    /** The PDB names as reports show them: an empty one as {@code (empty PDB name)}, not a blank cell. */
    private static List<String> shown(List<String> pdbs) {
        List<String> out = new ArrayList<>(pdbs.size());
        for (String p : pdbs) {
            out.add(p.isEmpty() ? "(empty PDB name)" : p);
        }
        return out;
    }

    /** The scanner of {@code paths.build}: this machine's paths and absolute paths of any machine. */
    PathLeakScanner scanner() {
        return new PathLeakScanner(options.buildPaths(), true);
    }

    /** What the whole-file scan found; set by {@link #build} (on the scan thread), read after it ended. */
    private volatile PathScan raw = new PathScan(List.of(), 0, 0);
    private volatile long fileSize;

    /**
     * The whole-file part of {@code paths.build}: streams the first {@code end} bytes of the file once
     * (all of them unless {@code pe.overlay} refused the overlay), feeding {@code digest} (when not
     * {@code null}) on the way, until the verification's time limit. Its result is completed by
     * {@link #located}.
     */
    Check build(PeFile pe, Sha256Stream digest, long end) throws IOException {
        fileSize = pe.size();
        raw = scanner().scan(pe.source(), end, digest, pe.budget());
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
        PathScan whole = raw;
        for (PathLeak l : whole.leaks()) {
            String where = device == null ? null : device.where(l.offset()).orElse(null);
            classify(l, where, String.format("0x%X", l.offset()), globs, failing, accepted);
        }
        if (device != null) {
            for (DeviceCodeScan.Located l : device.inflatedLeaks()) {
                classify(l.leak(), l.where(), null, globs, failing, accepted);
            }
        }
        List<String> unscanned = new ArrayList<>();
        long notRead = 0;
        if (!whole.complete()) {
            notRead += whole.end() - whole.scanned();
            unscanned.add(String.format("not searched: 0x%X..0x%X (%d bytes): the verification took more than %d ms in all"
                    + " (hip.verifyTimeLimit)", whole.scanned(), whole.end() - 1, whole.end() - whole.scanned(),
                    options.limits().time().toMillis()));
        }
        if (whole.end() < fileSize) {
            notRead += fileSize - whole.end();
            unscanned.add(String.format("not searched: 0x%X..0x%X (%d bytes): the overlay pe.overlay refused, not read",
                    whole.end(), fileSize - 1, fileSize - whole.end()));
        }
        if (device == null) {
            unscanned.add("not searched: the inflated contents of compressed bundles and compressed ELF sections (the"
                    + " device code could not be read; see device-code.*)");
        } else {
            for (String u : device.unscanned()) {
                unscanned.add("not searched: " + u);
            }
        }
        List<String> details = new ArrayList<>(failing);
        details.addAll(unscanned);
        details.addAll(accepted);
        String lookedFor = sc.paths().isEmpty() ? "" : "this machine's " + String.join(", ", sc.paths()) + "; ";
        String found;
        if (failing.isEmpty() && unscanned.isEmpty()) {
            found = "none in " + whole.end() + " bytes" + (accepted.isEmpty() ? "" : " (" + accepted.size()
                    + " accepted by hip.allowedPaths)");
        } else {
            List<String> parts = new ArrayList<>();
            if (!failing.isEmpty()) {
                parts.add(capped(whole) ? "at least " + failing.size() + " occurrences (the scan stops at "
                        + PathLeakScanner.MAX_FINDINGS + " findings)" : failing.size() + " occurrence(s)");
            }
            if (!unscanned.isEmpty()) {
                parts.add("not every byte searched" + (notRead > 0 ? " (" + notRead + " bytes of the file not read)" : ""));
            }
            if (!accepted.isEmpty()) {
                parts.add(accepted.size() + " accepted");
            }
            found = String.join(", ", parts);
        }
        return new Check(CheckIds.PATHS_BUILD, TITLE, failing.isEmpty() && unscanned.isEmpty() ? Verdict.PASS : Verdict.FAIL,
                "no absolute path: " + lookedFor + "POSIX paths under /home, /Users, /tmp, /root, /opt, /usr, /build, /__w, ...,"
                        + " drive-letter and UNC paths (ASCII or UTF-16LE, also inside inflated bundles and compressed"
                        + " ELF sections); every byte searched"
                        + (globs.isEmpty() ? "" : "; accepted: " + String.join(", ", options.allowedPaths())),
                found, details, capped(whole) && !failing.isEmpty());
    }

    /** Whether the whole-file scan stopped at its cap: there may be more occurrences than it lists. */
    private static boolean capped(PathScan whole) {
        return whole.leaks().size() >= PathLeakScanner.MAX_FINDINGS;
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
