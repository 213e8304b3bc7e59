package dev.hipdll.verify;

import dev.hipdll.bundle.BundleEntry;
import dev.hipdll.bundle.BundleInflater;
import dev.hipdll.bundle.ElfSections;
import dev.hipdll.bundle.FatBinaries;
import dev.hipdll.bundle.OffloadBundle;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SectionHeader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What is inside the device code objects the runtime registers, for {@code device-code.debug} and
 * {@code paths.build}: the ELF sections of every code object (plain bundles read in place, compressed
 * ones inflated to a temporary file, deleted before this returns, so memory stays bounded), and, when
 * asked, the paths found in the inflated bytes of compressed bundles, which the whole-file scan cannot
 * see. Locates a file offset in a code object and its section for the report ("gfx1151 code object
 * (bundle #0), .debug_line_str").
 */
final class DeviceCodeScan {
    /** One code object: its target, where it lies (file offsets for plain bundles), its sections. */
    record Span(int bundle, String target, long start, long size, List<ElfSections.Section> sections) {
        String where(long at) {
            String s = null;
            for (ElfSections.Section x : sections) {
                if (x.contains(at) && !x.name().isEmpty()) {
                    s = x.name();
                    break;
                }
            }
            return target + " code object (bundle #" + bundle + ")" + (s == null ? "" : ", " + s);
        }
    }

    /** A path found in a compressed bundle, located. */
    record Located(PathLeak leak, String where) {
    }

    private final List<Span> plain = new ArrayList<>();
    private final List<Located> inflated = new ArrayList<>();
    private final List<String> debug = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private int codeObjects;
    /** Most ELF section headers read over all code objects of one DLL (a hostile bundle has 4096 entries). */
    static final int MAX_SECTIONS_READ = 65536;
    private int sectionBudget = MAX_SECTIONS_READ;

    private DeviceCodeScan() {
    }

    /**
     * Reads the code objects of {@code fb}'s bundles.
     *
     * @param scanner the path scanner for inflated bundles, or {@code null} not to scan them
     */
    static DeviceCodeScan run(PeFile pe, FatBinaries fb, PathLeakScanner scanner) throws IOException {
        DeviceCodeScan d = new DeviceCodeScan();
        for (int i = 0; i < fb.bundles().size(); i++) {
            OffloadBundle b = fb.bundles().get(i);
            Optional<SectionHeader> sh = pe.section(fb.sections().get(i));
            if (sh.isEmpty()) {
                continue;
            }
            ByteSource section = pe.source().slice(sh.get().pointerToRawData(), sh.get().fileBackedSize(),
                    "section " + sh.get().name());
            if (b.compression().isEmpty()) {
                long base = sh.get().pointerToRawData() + b.offset();
                d.codeObjects(pe.source(), base, b, i, d.plain);
            } else {
                d.inflated(section, b, i, scanner);
            }
        }
        return d;
    }

    private void codeObjects(ByteSource src, long base, OffloadBundle b, int index, List<Span> out) throws IOException {
        for (BundleEntry e : b.entries()) {
            if (!e.id().isHipDevice()) {
                continue;
            }
            codeObjects++;
            String what = "bundle #" + index + " entry " + e.id().text();
            List<ElfSections.Section> sections = List.of();
            if (sectionBudget <= 0) {
                if (problems.size() < 16) {
                    problems.add(what + ": section table not read, over " + MAX_SECTIONS_READ + " sections read in this DLL");
                }
            } else {
                try {
                    sections = ElfSections.read(src, base + e.offset(), e.size(), what);
                    sectionBudget -= Math.max(1, sections.size());
                } catch (dev.hipdll.bytes.BinaryFormatException ex) {
                    if (problems.size() < 16) {
                        problems.add(ex.getMessage());
                    }
                }
            }
            out.add(new Span(index, e.id().targetId(), base + e.offset(), e.size(), sections));
            List<String> dbg = new ArrayList<>();
            for (ElfSections.Section x : sections) {
                if (x.isDebug()) {
                    dbg.add(x.name());
                }
            }
            if (!dbg.isEmpty()) {
                debug.add(e.id().targetId() + " code object (bundle #" + index + ", " + DeviceCodeChecks.formatOf(b) + "): "
                        + String.join(", ", dbg));
            }
        }
    }

    private void inflated(ByteSource section, OffloadBundle b, int index, PathLeakScanner scanner) throws IOException {
        Path tmp;
        try {
            tmp = Files.createTempFile("hipdll-bundle-", ".bin");
        } catch (IOException e) {
            problems.add("bundle #" + index + " (" + DeviceCodeChecks.formatOf(b) + "): cannot inflate it to a temporary"
                    + " file in " + System.getProperty("java.io.tmpdir") + " to read its code objects: "
                    + dev.hipdll.io.IoProblem.describe(e));
            return;
        }
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                BundleInflater.inflate(section, b, out);
            } catch (dev.hipdll.bytes.BinaryFormatException e) {
                throw e;
            } catch (IOException e) {
                problems.add("bundle #" + index + " (" + DeviceCodeChecks.formatOf(b) + "): cannot write the inflated bundle"
                        + " to " + tmp + ": " + dev.hipdll.io.IoProblem.describe(e));
                return;
            }
            try (ByteSource plainBundle = ByteSource.open(tmp)) {
                List<Span> spans = new ArrayList<>();
                codeObjects(plainBundle, 0, b, index, spans);
                if (scanner != null) {
                    String fmt = DeviceCodeChecks.formatOf(b);
                    for (PathLeak l : scanner.scan(plainBundle)) {
                        Span s = spanAt(spans, l.offset());
                        String where = (s == null ? "bundle #" + index : s.where(l.offset())) + " [" + fmt + ", inflated offset 0x" + Long.toHexString(l.offset()) + "]";
                        inflated.add(new Located(l, where.replace("(bundle #" + index + ")", "(bundle #" + index + ", " + fmt + ")")));
                    }
                }
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Where {@code fileOffset} lies in a plain bundle's code object, or empty. */
    Optional<String> where(long fileOffset) {
        Span s = spanAt(plain, fileOffset);
        return s == null ? Optional.empty() : Optional.of(s.where(fileOffset));
    }

    /** The first of {@code spans} that holds {@code offset}, or {@code null}. */
    private static Span spanAt(List<Span> spans, long offset) {
        for (Span s : spans) {
            if (offset >= s.start() && offset - s.start() < s.size()) {
                return s;
            }
        }
        return null;
    }

    /** Paths found in the inflated bytes of compressed bundles. */
    List<Located> inflatedLeaks() {
        return inflated;
    }

    /** {@code device-code.debug}: code objects with DWARF sections. */
    Check debugCheck(boolean allow) {
        String title = "no DWARF in device code";
        String expected = "code objects without .debug_* sections" + (allow ? " (hip.allowDeviceDebug=true: a warning)"
                : " (hip.allowDeviceDebug=false)");
        if (codeObjects == 0) {
            return Check.of(CheckIds.DEVICE_DEBUG, title, Verdict.SKIP, expected, "no device code object");
        }
        List<String> details = new ArrayList<>(debug);
        details.addAll(problems);
        Verdict v = debug.isEmpty() && problems.isEmpty() ? Verdict.PASS
                : !problems.isEmpty() || !allow ? Verdict.FAIL : Verdict.WARN;
        String found = debug.isEmpty() ? "none of " + codeObjects + " code object(s) has debug sections"
                : debug.size() + " of " + codeObjects + " code object(s) carry DWARF"
                + " (built with -g: source paths and names ship with the DLL)";
        if (!problems.isEmpty()) {
            found = problems.size() + " code object(s) or bundle(s) whose sections cannot be read; " + found;
        }
        return new Check(CheckIds.DEVICE_DEBUG, title, v, expected, found, details);
    }
}
