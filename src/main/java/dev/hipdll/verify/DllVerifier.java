package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.digest.Sha256Stream;
import dev.hipdll.bundle.CudaDeviceCode;
import dev.hipdll.bundle.CudaDeviceCodeReader;
import dev.hipdll.bundle.FatBinaries;
import dev.hipdll.bundle.FatBinaryLocator;
import dev.hipdll.gfx.GenericTargets;
import dev.hipdll.bundle.OffloadBundle;
import dev.hipdll.bundle.OffloadBundleReader;
import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.bytes.ReadBudget;
import dev.hipdll.io.FileOpener;
import dev.hipdll.pe.CoffHeader;
import dev.hipdll.pe.DllImageCheck;
import dev.hipdll.pe.ImageLoadability;
import dev.hipdll.pe.ImportedModule;
import dev.hipdll.pe.LoadProblem;
import dev.hipdll.pe.Overlay;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.VersionInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Verifies a backend DLL: PE32+ x64 image with the DLL flag, imports within the allow-list and
 * outside the deny-list, exports matching the ABI contract, device code for every requested gfx
 * target with code objects that match their ids, no build-machine path inside. Each check can be
 * switched off ({@link VerifyOptions#skippedChecks()}). Never throws for a malformed file: a
 * header that cannot be read becomes a failed {@code pe.format} check, a malformed table a failed
 * check of the group that reads it, both naming the structure and offset.
 *
 * <p>The DLL is opened once. The header, table and bundle readers read only what they need; the
 * one reader that streams the whole file, the build-path scan ({@code paths.build}), also computes
 * the file's SHA-256 when the verifier was given {@link FileDigests} to record it in, so
 * {@code artifact.sha256} and the promotion of a pending build stamp take it from there instead of
 * reading the DLL again. When the scan does not run (switched off, a file that is no PE image) and a
 * digest is wanted, one streaming pass over the same open file computes it. Memory stays constant
 * whatever the file size ({@link PathLeakScanner#CHUNK}-byte reads).
 *
 * <p>Reading is bounded: an overlay that {@code pe.overlay} refuses ({@link Overlay}, a DLL with
 * gigabytes appended) is not read at all, and the whole-file scan, like every reader, stops when the
 * verification's time limit ({@code hip.verifyTimeLimit}) has passed; {@code paths.build} then fails,
 * naming the bytes it did not search. A digest is recorded only when every byte went through it.
 */
public final class DllVerifier {
    private final FileOpener opener;
    private final FileDigests digests;

    /** A verifier that opens files with {@link FileOpener#standard()} and computes no digest. */
    public DllVerifier() {
        this(FileOpener.standard(), null);
    }

    /**
     * @param opener  how the DLL is opened (tests count the opens and reads)
     * @param digests where to record the DLL's SHA-256, computed in the same pass that scans for
     *                build paths; {@code null}: no digest is computed
     */
    public DllVerifier(FileOpener opener, FileDigests digests) {
        this.opener = opener;
        this.digests = digests;
    }

    /**
     * Runs every check on {@code dll}.
     *
     * @param dll     the DLL to verify
     * @param options what to verify it against
     * @return the report; {@link VerifyReport#passed()} tells whether it may ship
     */
    public VerifyReport verify(Path dll, VerifyOptions options) {
        return verify(dll, options, null);
    }

    /**
     * As {@link #verify(Path, VerifyOptions)}; when the file does not exist, {@code pe.format} also says
     * why it was looked for there ({@code whereFrom}, e.g. {@link DllChoice#missingHint()}).
     *
     * @param whereFrom why this path was read, or {@code null}
     */
    public VerifyReport verify(Path dll, VerifyOptions options, String whereFrom) {
        List<Check> checks = new ArrayList<>();
        Map<String, String> facts = new LinkedHashMap<>();
        Seen seen = new Seen();
        if (!Files.isRegularFile(dll)) {
            String found = !Files.exists(dll) ? "no such file" + (whereFrom == null ? "" : ": " + whereFrom)
                    : Files.isDirectory(dll) ? "a directory, not a file" : "not a regular file (a named pipe, socket or device)";
            checks.add(Check.of(CheckIds.PE_FORMAT, "file is a PE image", Verdict.FAIL, "a DLL at " + dll, found));
            return new VerifyReport(dll, checks, facts);
        }
        try {
            FileDigests.Snapshot before = digests == null ? null : FileDigests.Snapshot.of(dll);
            try (ByteSource src = ByteSource.open(dll, opener)) {
                Sha256Stream digest = digests == null ? null : new Sha256Stream();
                ReadBudget budget = null;
                try {
                    PeFile pe = PeFile.read(src, options.limits());  // src owns the file; it is closed below
                    budget = pe.budget();
                    seen.read = true;
                    checks(pe, options, checks, facts, digest, seen);
                } catch (BinaryFormatException e) {
                    checks.add(Check.of(CheckIds.PE_FORMAT, "file is a PE image", Verdict.FAIL, "a well-formed PE image",
                            e.getMessage()));
                }
                if (digest != null) {
                    if (digest.length() != src.size() && !scanRan(checks)) {
                        // the scan did not run: one pass for the digest alone, within the same time budget
                        digest = new Sha256Stream();
                        new PathLeakScanner(List.of()).scan(src, src.size(), digest,
                                budget != null ? budget : new ReadBudget(options.limits()));
                    }
                    if (digest.length() == src.size()) {
                        digests.remember(before, digest.hex());
                    }  // else: not read to the end within the budget; nothing is recorded (FileDigests#known is empty)
                }
            }
        } catch (IOException e) {
            checks.add(Check.of(CheckIds.PE_FORMAT, "file is a PE image", Verdict.FAIL, "a readable file",
                    "cannot read " + dll + ": " + e.getMessage()));
        }
        return new VerifyReport(dll, checks, facts, seen.summary());
    }

    /** What the checks read that a release package's checks need ({@link ImageSummary}); filled as they run. */
    private static final class Seen {
        boolean read;
        final List<String> imports = new ArrayList<>();
        final List<String> delay = new ArrayList<>();
        final Map<String, Long> device = new LinkedHashMap<>();
        long cuda;

        ImageSummary summary() {
            return new ImageSummary(read, imports, delay, device, cuda);
        }
    }

    private static void checks(PeFile pe, VerifyOptions options, List<Check> checks, Map<String, String> facts,
                               Sha256Stream digest, Seen seen) throws IOException {
        PathChecks paths = new PathChecks(options);
        Overlay overlay = null;
        Check overlayCheck;
        try {
            overlay = Overlay.of(pe);
            overlayCheck = options.skips(CheckIds.PE_OVERLAY) ? skipped(CheckIds.PE_OVERLAY)
                    : OverlayCheck.check(overlay, options.maxOverlayBytes());
        } catch (BinaryFormatException e) {
            overlayCheck = malformed(CheckIds.PE_OVERLAY, e);
        }
        // an overlay pe.overlay refuses is not read: the scan ends where the image's data ends
        long scanEnd = overlayCheck.verdict() == Verdict.FAIL && overlay != null
                ? Math.min(pe.size(), overlay.imageEnd()) : pe.size();
        // the whole-file scan runs beside the header, table and bundle checks, which read little
        BackgroundTask<Check> scan = options.skips(CheckIds.PATHS_BUILD) ? null
                : BackgroundTask.start(CheckIds.PATHS_BUILD, new BuildPathScan(paths, pe, digest, scanEnd));
        DeviceCodeScan[] deviceCode = {null};  // set by the device checks; locates the paths found in device code
        boolean overlayRefused = overlayCheck.verdict() == Verdict.FAIL && overlay != null;
        SignatureChecks signature = skipsAll(options, SignatureChecks.ids()) ? null
                : new SignatureChecks(options.signature(), java.time.Instant.now());
        List<Check> release;
        try {
            if (signature != null) {
                // a signed image is hashed whole: from now on, beside the scan and the checks below
                signature.startImageHash(pe, overlayRefused);
            }
            headerChecks(pe, options, checks, facts, paths, deviceCode, overlayCheck, seen);
            release = releaseChecks(pe, options, facts, overlayRefused, signature);
        } finally {
            if (signature != null) {
                signature.awaitImageHash();
            }
            if (scan != null) {
                scan.awaitQuietly();  // no thread reads the file once verify returns
            }
        }
        if (scan == null) {
            checks.add(skipped(CheckIds.PATHS_BUILD));
        } else {
            try {
                checks.add(paths.located(scan.result(), deviceCode[0]));
            } catch (BinaryFormatException e) {
                checks.add(malformed(CheckIds.PATHS_BUILD, e));
            }
        }
        checks.addAll(release);
    }

    /** The hardening checks, then the Authenticode checks, in report order. */
    private static final List<String> HARDENING_IDS = List.of(CheckIds.HARDENING_DYNAMIC_BASE,
            CheckIds.HARDENING_HIGH_ENTROPY_VA, CheckIds.HARDENING_NX_COMPAT, CheckIds.HARDENING_GUARD_CF,
            CheckIds.HARDENING_CET_COMPAT, CheckIds.HARDENING_WX_SECTIONS, CheckIds.HARDENING_FORCE_INTEGRITY);

    private static List<Check> releaseChecks(PeFile pe, VerifyOptions options, Map<String, String> facts,
                                             boolean overlayRefused, SignatureChecks signature) throws IOException {
        List<Check> out = new ArrayList<>();
        boolean signed = dev.hipdll.authenticode.CertificateTable.present(pe);
        if (skipsAll(options, HARDENING_IDS)) {
            for (String id : HARDENING_IDS) {
                out.add(skipped(id));
            }
        } else {
            addGroup(out, options, new HardeningChecks(dev.hipdll.pe.SecurityFeatures.of(pe), options.hardening(),
                    pe.optionalHeader().isPe32Plus(), pe.coffHeader().machine()).run(options.signature().required(), signed));
        }
        if (signature == null) {
            for (String id : SignatureChecks.ids()) {
                out.add(skipped(id));
            }
        } else {
            addGroup(out, options, signature.run(pe, overlayRefused, facts));
        }
        return out;
    }

    /**
     * Whether the {@code paths.build} scan ran: then it fed the digest, and when it did not reach the end
     * of the file (a refused overlay, the time limit) no second pass reads what it was kept from reading.
     */
    private static boolean scanRan(List<Check> checks) {
        for (Check c : checks) {
            if (c.id().equals(CheckIds.PATHS_BUILD) && c.verdict() != Verdict.SKIP) {
                return true;
            }
        }
        return false;
    }

    /** The build-path scan ({@code paths.build}) as the body of a {@link BackgroundTask}. */
    private static final class BuildPathScan implements BackgroundTask.Body<Check> {
        private final PathChecks paths;
        private final PeFile pe;
        private final Sha256Stream digest;
        private final long end;

        BuildPathScan(PathChecks paths, PeFile pe, Sha256Stream digest, long end) {
            this.paths = paths;
            this.pe = pe;
            this.digest = digest;
            this.end = end;
        }

        @Override
        public Check run() throws IOException {
            return paths.build(pe, digest, end);
        }
    }

    /** Every check but the build-path scan, in report order. */
    private static void headerChecks(PeFile pe, VerifyOptions options, List<Check> checks, Map<String, String> facts,
                                     PathChecks paths, DeviceCodeScan[] deviceCode, Check overlay, Seen seen)
            throws IOException {
        facts.put("size", Long.toString(pe.size()));
        facts.put("machine", pe.coffHeader().machineName());
        facts.put("format", pe.optionalHeader().isPe32Plus() ? "PE32+" : "PE32");
        String version = "";
        try {
            Optional<VersionInfo> v = pe.versionInfo();
            if (v.isPresent()) {
                if (v.get().fileVersion().isPresent()) {
                    facts.put("fileVersion", v.get().fileVersion().get());
                }
                if (v.get().productVersion().isPresent()) {
                    facts.put("productVersion", v.get().productVersion().get());
                }
                if (v.get().fileVersion().isPresent()) {
                    version = ", FileVersion " + v.get().fileVersion().get();
                }
            }
        } catch (BinaryFormatException e) {
            facts.put("versionResource", e.getMessage());
        }
        try {
            DllImageCheck.checkComplete(pe, pe.size());
            // pe.format asks only whether the file is a complete, well-formed image; PE32 vs PE32+ is pe.machine's verdict
            checks.add(Check.of(CheckIds.PE_FORMAT, "file is a PE image", Verdict.PASS,
                    "a complete, well-formed PE image (PE32 or PE32+)",
                    "a complete " + facts.get("format") + " image, " + pe.sections().size() + " sections" + version));
        } catch (BinaryFormatException e) {
            // a cut-short image: no loader maps it, whatever the tables that fit still say; the other checks run
            checks.add(Check.of(CheckIds.PE_FORMAT, "file is a PE image", Verdict.FAIL, "a complete PE image",
                    e.getMessage()));
        }
        // one check each; a malformed structure fails that check with the reason
        checks.add(options.skips(CheckIds.PE_MACHINE) ? skipped(CheckIds.PE_MACHINE) : machine(pe));
        checks.add(options.skips(CheckIds.PE_DLL) ? skipped(CheckIds.PE_DLL) : dllFlag(pe));
        if (options.skips(CheckIds.PE_LOADABLE)) {
            checks.add(skipped(CheckIds.PE_LOADABLE));
        } else {
            try {
                checks.add(loadable(pe));
            } catch (BinaryFormatException e) {
                checks.add(malformed(CheckIds.PE_LOADABLE, e));
            }
        }
        checks.add(overlay);
        importChecks(pe, options, checks, seen);
        exportChecks(pe, options, checks);
        deviceChecks(pe, options, checks, paths, deviceCode, seen);
        if (options.skips(CheckIds.PATHS_PDB)) {
            checks.add(skipped(CheckIds.PATHS_PDB));
        } else {
            try {
                checks.add(paths.pdb(pe));
            } catch (BinaryFormatException e) {
                checks.add(malformed(CheckIds.PATHS_PDB, e));
            }
        }
    }

    /** Check {@code id} failed: the structure it reads is malformed ({@code e} names it and the offset). */
    private static Check malformed(String id, BinaryFormatException e) {
        return Check.of(id, id, Verdict.FAIL, "a well-formed file", e.getMessage());
    }

    /** Every check of a group over one table failed: the table is malformed. */
    private static List<Check> malformed(List<String> ids, BinaryFormatException e) {
        List<Check> failed = new ArrayList<>(ids.size());
        for (String id : ids) {
            failed.add(malformed(id, e));
        }
        return failed;
    }

    /** Adds the checks of a group, each one switched off in {@code options} as skipped instead. */
    private static void addGroup(List<Check> out, VerifyOptions options, List<Check> group) {
        for (Check c : group) {
            out.add(options.skips(c.id()) ? skipped(c.id()) : c);
        }
    }

    private static Check skipped(String id) {
        return Check.of(id, id, Verdict.SKIP, "switched off", "skipped by hip.checks.skip");
    }

    private static void importChecks(PeFile pe, VerifyOptions options, List<Check> out, Seen seen) throws IOException {
        ImportChecks ic = new ImportChecks(options);
        List<Check> result;
        try {
            List<ImportedModule> modules = new ArrayList<>(pe.imports());
            modules.addAll(pe.delayImports());
            for (ImportedModule m : modules) {
                if (!seen.imports.contains(m.dllName())) {
                    seen.imports.add(m.dllName());
                    if (m.delayLoad()) {
                        seen.delay.add(m.dllName());
                    }
                } else if (!m.delayLoad()) {
                    seen.delay.remove(m.dllName());
                }
            }
            result = List.of(ic.allowed(modules), ic.forbidden(modules), ic.runtimeMajor(modules));
        } catch (BinaryFormatException e) {
            result = malformed(List.of(CheckIds.IMPORTS_ALLOWED, CheckIds.IMPORTS_FORBIDDEN, CheckIds.RUNTIME_MAJOR), e);
        }
        addGroup(out, options, result);
    }

    private static void exportChecks(PeFile pe, VerifyOptions options, List<Check> out) throws IOException {
        List<String> ids = options.contract() instanceof dev.hipdll.contract.AbiContract.NamedContract
                ? List.of(CheckIds.EXPORTS_PREFIX, CheckIds.EXPORTS_REQUIRED, CheckIds.EXPORTS_OPTIONAL, CheckIds.EXPORTS_EXTRA,
                CheckIds.EXPORTS_OTHER, CheckIds.EXPORTS_DECORATED, CheckIds.EXPORTS_DUPLICATES)
                : List.of(CheckIds.EXPORTS_COUNT, CheckIds.EXPORTS_OTHER, CheckIds.EXPORTS_DECORATED,
                CheckIds.EXPORTS_DUPLICATES);
        List<Check> result;
        try {
            result = new ExportChecks(options.contract(), options.failOnExtraExports()).run(pe.exports().symbols());
        } catch (BinaryFormatException e) {
            result = malformed(ids, e);
        }
        addGroup(out, options, result);
    }

    /** The device-code checks, in report order. */
    private static final List<String> DEVICE_IDS = List.of(CheckIds.DEVICE_TARGETS, CheckIds.DEVICE_CODE_OBJECTS,
            CheckIds.DEVICE_WRAPPERS, CheckIds.DEVICE_FORMAT, CheckIds.DEVICE_SIZE, CheckIds.DEVICE_GPUS,
            CheckIds.DEVICE_DEBUG);

    private static void deviceChecks(PeFile pe, VerifyOptions options, List<Check> out, PathChecks paths,
                                     DeviceCodeScan[] deviceCode, Seen seen) throws IOException {
        boolean scanPaths = !options.skips(CheckIds.PATHS_BUILD);
        if (!scanPaths && skipsAll(options, DEVICE_IDS)) {
            for (String id : DEVICE_IDS) {
                out.add(skipped(id));
            }
            return;
        }
        DeviceCodeChecks dc = new DeviceCodeChecks(options);
        List<Check> result;
        try {
            FatBinaries fb = new FatBinaryLocator(new OffloadBundleReader(options.maxBundleBytes())).locate(pe);
            List<OffloadBundle> bundles = fb.bundles();
            boolean sections = pe.section(FatBinaryLocator.WRAPPER_SECTION).isPresent()
                    || pe.section(FatBinaryLocator.FATBIN_SECTION).isPresent();
            // the inflated bytes of compressed bundles are scanned here; the whole-file scan cannot see them
            DeviceCodeScan scan = DeviceCodeScan.run(pe, fb, scanPaths ? paths.scanner() : null);
            deviceCode[0] = scan;
            CudaDeviceCode cuda = CudaDeviceCodeReader.read(pe);  // NVIDIA device code, named as such
            for (OffloadBundle b : bundles) {
                for (dev.hipdll.bundle.BundleEntry e : b.entries()) {
                    if (e.id().isHipDevice()) {
                        Long before = seen.device.get(e.id().targetId());  // no lambda: each costs a class in a cold JVM
                        seen.device.put(e.id().targetId(), (before == null ? 0 : before) + e.size());
                    }
                }
            }
            seen.cuda = cuda.bytes();
            result = List.of(dc.targets(bundles, cuda), dc.codeObjects(bundles), dc.wrappers(fb, sections), dc.format(bundles),
                    dc.sizes(bundles, cuda), gpus(bundles, options),
                    scan.debugCheck(options.deviceCode().allowDeviceDebug()));
        } catch (BinaryFormatException e) {
            result = malformed(DEVICE_IDS, e);
        }
        addGroup(out, options, result);
    }

    /** Whether {@code options} switch off every check in {@code ids}. */
    private static boolean skipsAll(VerifyOptions options, List<String> ids) {
        for (String id : ids) {
            if (!options.skips(id)) {
                return false;
            }
        }
        return true;
    }

    /** {@code device-code.gpus}; the generic-target table is read only when there is a GPU list. */
    private static Check gpus(List<OffloadBundle> bundles, VerifyOptions options) {
        List<dev.hipdll.gfx.GfxTarget> gpus = options.deviceCode().gpus();
        return new GpuCoverage(gpus.isEmpty() ? null : GenericTargets.load()).check(bundles, gpus);
    }

    private static Check machine(PeFile pe) {
        CoffHeader coff = pe.coffHeader();
        boolean ok = coff.machine() == CoffHeader.MACHINE_AMD64 && pe.optionalHeader().isPe32Plus();
        return Check.of(CheckIds.PE_MACHINE, "PE32+ for x64", ok ? Verdict.PASS : Verdict.FAIL,
                "IMAGE_FILE_MACHINE_AMD64, PE32+",
                coff.machineName() + ", " + (pe.optionalHeader().isPe32Plus() ? "PE32+" : "PE32"));
    }

    /** {@code pe.loadable}: what LoadLibrary checks before it runs code ({@link ImageLoadability}). */
    private static Check loadable(PeFile pe) throws IOException {
        List<String> problems = new ArrayList<>();
        for (LoadProblem p : ImageLoadability.problems(pe)) {
            problems.add(p.toString());
        }
        return new Check(CheckIds.PE_LOADABLE, "the Windows loader would map and bind it", problems.isEmpty() ? Verdict.PASS
                : Verdict.FAIL, "sections, directories, imports, exports, relocations, TLS, load config, delay imports"
                + " inside the image", problems.isEmpty() ? "all inside the image" : problems.size() + " problem(s): "
                + problems.get(0), problems);
    }

    private static Check dllFlag(PeFile pe) {
        boolean ok = pe.coffHeader().isDll();
        return Check.of(CheckIds.PE_DLL, "image is a DLL", ok ? Verdict.PASS : Verdict.FAIL, "IMAGE_FILE_DLL set",
                String.format("Characteristics 0x%04X (%s)", pe.coffHeader().characteristics(),
                        ok ? "IMAGE_FILE_DLL set" : "IMAGE_FILE_DLL not set"));
    }
}
