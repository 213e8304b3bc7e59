package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import dev.hipdll.bundle.BundleEntry;
import dev.hipdll.bundle.BundleInflater;
import dev.hipdll.bundle.CompressedSection;
import dev.hipdll.bundle.ElfSections;
import dev.hipdll.bundle.FatBinaries;
import dev.hipdll.bundle.OffloadBundle;
import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.bytes.ReadBudget;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SectionHeader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
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
 * asked, the paths found in bytes the whole-file scan cannot see: the inflated bytes of compressed
 * bundles, and the inflated bytes of every compressed ELF section of a code object
 * ({@code SHF_COMPRESSED}: {@code -gz=zlib}, {@code -gz=zstd} device DWARF; {@link CompressedSection},
 * streamed, charged to the verification budget). A compressed section that cannot be inflated to its
 * {@code ch_size} within the budget is listed as not scanned ({@link #unscanned()}), never as clean.
 * Locates a file offset in a code object and its section for the report ("gfx1151 code object
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
    private final List<String> unscanned = new ArrayList<>();
    private final PathLeakScanner scanner;
    private final ReadBudget budget;
    private int codeObjects;
    /** Most lines of {@link #unscanned()} kept. */
    static final int MAX_UNSCANNED_LINES = 16;
    /** Most ELF section headers read over all code objects of one DLL (a hostile bundle has 4096 entries). */
    static final int MAX_SECTIONS_READ = 65536;
    private int sectionBudget = MAX_SECTIONS_READ;

    private DeviceCodeScan(PathLeakScanner scanner, ReadBudget budget) {
        this.scanner = scanner;
        this.budget = budget;
    }

    /**
     * Reads the code objects of {@code fb}'s bundles.
     *
     * @param scanner the path scanner for inflated bundles and compressed sections, or {@code null} not
     *                to scan them
     */
    static DeviceCodeScan run(PeFile pe, FatBinaries fb, PathLeakScanner scanner) throws IOException {
        DeviceCodeScan d = new DeviceCodeScan(scanner, pe.budget());
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
                d.inflated(section, b, i);
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
            String unread = null;
            if (sectionBudget <= 0) {
                unread = what + ": section table not read, over " + MAX_SECTIONS_READ + " sections read in this DLL";
            } else {
                try {
                    sections = ElfSections.read(src, base + e.offset(), e.size(), what);
                    sectionBudget -= Math.max(1, sections.size());
                } catch (BinaryFormatException ex) {
                    unread = ex.getMessage();
                }
            }
            if (unread != null) {
                if (problems.size() < 16) {
                    problems.add(unread);
                }
                if (scanner != null && unscanned.size() < MAX_UNSCANNED_LINES) {
                    unscanned.add(unread + " (its compressed sections, if any, were not inflated and searched)");
                }
            }
            out.add(new Span(index, e.id().targetId(), base + e.offset(), e.size(), sections));
            List<String> dbg = new ArrayList<>();
            for (ElfSections.Section x : sections) {
                if (x.isDebug()) {
                    dbg.add(x.name() + (x.compressed() ? " (compressed)" : ""));
                }
            }
            if (scanner != null) {
                String label = e.id().targetId() + " code object (bundle #" + index
                        + (b.compression().isEmpty() ? "" : ", " + DeviceCodeChecks.formatOf(b)) + ")";
                for (ElfSections.Section x : sections) {
                    if (x.compressed()) {
                        compressedSection(src, x, what + " section " + x.name(), label + ", " + x.name());
                    }
                }
            }
            if (!dbg.isEmpty()) {
                debug.add(e.id().targetId() + " code object (bundle #" + index + ", " + DeviceCodeChecks.formatOf(b) + "): "
                        + String.join(", ", dbg));
            }
        }
    }

    /**
     * Inflates the compressed ELF section {@code x} of {@code src} through the scanner: what it finds is
     * located at {@code where} (with the inflated offset); what stops it (a malformed header, data that
     * does not inflate to {@code ch_size}, the budget) is a line of {@link #unscanned()}.
     */
    private void compressedSection(ByteSource src, ElfSections.Section x, String what, String where) throws IOException {
        String method = "compressed";
        try {
            budget.time(src.name(), what, x.offset());
            CompressedSection.Header h = CompressedSection.header(src, x, what);
            method = h.methodName() + "-compressed";
            try (InputStream in = CompressedSection.open(src, x, what, budget)) {
                for (PathLeak l : scanner.scan(in, h.size())) {
                    inflated.add(new Located(l, where + " [" + method + " section, inflated offset 0x"
                            + Long.toHexString(l.offset()) + "]"));
                }
            }
        } catch (BinaryFormatException | EOFException e) {
            if (unscanned.size() < MAX_UNSCANNED_LINES) {
                unscanned.add(where + " (" + method + " section, " + x.size() + " bytes): " + e.getMessage());
            }
        }
    }

    private void inflated(ByteSource section, OffloadBundle b, int index) throws IOException {
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
                    PathScan ps = scanner.scan(plainBundle, plainBundle.size(), null, budget);
                    if (!ps.complete() && unscanned.size() < MAX_UNSCANNED_LINES) {
                        unscanned.add(String.format("bundle #%d (%s), inflated: 0x%X..0x%X (%d bytes): the verification took"
                                + " more than %d ms in all (hip.verifyTimeLimit)", index, fmt, ps.scanned(), ps.end() - 1,
                                ps.end() - ps.scanned(), budget.limits().time().toMillis()));
                    }
                    for (PathLeak l : ps.leaks()) {
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

    /** Paths found in the inflated bytes of compressed bundles and compressed ELF sections. */
    List<Located> inflatedLeaks() {
        return inflated;
    }

    /**
     * Compressed ELF sections whose bytes were not (all) searched, each with the reason: a malformed
     * compression header, data that does not inflate to exactly its {@code ch_size}, the verification
     * budget ({@code hip.maxInflatedMiB}, {@code hip.verifyTimeLimit}); at most
     * {@link #MAX_UNSCANNED_LINES}.
     */
    List<String> unscanned() {
        return unscanned;
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
