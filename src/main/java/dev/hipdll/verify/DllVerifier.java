package dev.hipdll.verify;

import dev.hipdll.bundle.BundleEntry;
import dev.hipdll.bundle.FatBinaryLocator;
import dev.hipdll.bundle.OffloadBundle;
import dev.hipdll.bundle.OffloadBundleReader;
import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.pe.CoffHeader;
import dev.hipdll.pe.ExportedSymbol;
import dev.hipdll.pe.ImportedModule;
import dev.hipdll.pe.PeFile;
import dev.hipdll.target.GfxTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Verifies a backend DLL: PE32+ x64 image with the DLL flag, imports within the allow-list,
 * exports matching the ABI contract, device code for every requested gfx target. Never throws for
 * a malformed file: that becomes a failed {@code pe.format} check naming the structure and offset.
 */
public final class DllVerifier {

    /**
     * Runs every check on {@code dll}.
     *
     * @param dll     the DLL to verify
     * @param options what to verify it against
     * @return the report; {@link VerifyReport#passed()} tells whether it may ship
     */
    public VerifyReport verify(Path dll, VerifyOptions options) {
        List<Check> checks = new ArrayList<>();
        if (!Files.isRegularFile(dll)) {
            checks.add(Check.of("pe.format", "file is a PE image", Verdict.FAIL, "a DLL at " + dll,
                    "no such file"));
            return new VerifyReport(dll, checks);
        }
        try (PeFile pe = PeFile.open(dll)) {
            checks.add(Check.of("pe.format", "file is a PE image", Verdict.PASS, "PE32+ image",
                    (pe.optionalHeader().isPe32Plus() ? "PE32+" : "PE32") + ", " + pe.sections().size() + " sections"));
            checks.add(machine(pe));
            checks.add(dllFlag(pe));
            checks.add(imports(pe, options));
            checks.addAll(new ExportChecks(options.contract()).run(exportsOf(pe)));
            checks.add(deviceCode(pe, options));
        } catch (BinaryFormatException e) {
            checks.add(Check.of("pe.format", "file is a PE image", Verdict.FAIL, "a well-formed PE image",
                    e.getMessage()));
        } catch (IOException e) {
            checks.add(Check.of("pe.format", "file is a PE image", Verdict.FAIL, "a readable file",
                    "cannot read " + dll + ": " + e.getMessage()));
        }
        return new VerifyReport(dll, checks);
    }

    private static List<ExportedSymbol> exportsOf(PeFile pe) throws IOException {
        return pe.exports().symbols();
    }

    private static Check machine(PeFile pe) {
        CoffHeader coff = pe.coffHeader();
        boolean ok = coff.machine() == CoffHeader.MACHINE_AMD64 && pe.optionalHeader().isPe32Plus();
        return Check.of("pe.machine", "PE32+ for x64", ok ? Verdict.PASS : Verdict.FAIL,
                "IMAGE_FILE_MACHINE_AMD64, PE32+",
                coff.machineName() + ", " + (pe.optionalHeader().isPe32Plus() ? "PE32+" : "PE32"));
    }

    private static Check dllFlag(PeFile pe) {
        boolean ok = pe.coffHeader().isDll();
        return Check.of("pe.dll", "image is a DLL", ok ? Verdict.PASS : Verdict.FAIL, "IMAGE_FILE_DLL set",
                String.format("Characteristics 0x%04X (%s)", pe.coffHeader().characteristics(),
                        ok ? "IMAGE_FILE_DLL set" : "IMAGE_FILE_DLL not set"));
    }

    private static Check imports(PeFile pe, VerifyOptions options) throws IOException {
        List<String> allowed = options.allowedImports().stream().map(s -> s.toLowerCase(Locale.ROOT)).toList();
        List<ImportedModule> modules = new ArrayList<>(pe.imports());
        modules.addAll(pe.delayImports());
        List<String> found = modules.stream().map(m -> m.dllName() + (m.delayLoad() ? " (delay-load)" : "")).toList();
        List<String> bad = modules.stream().filter(m -> !allowed.contains(m.dllName().toLowerCase(Locale.ROOT)))
                .map(m -> "not allowed: " + m.dllName() + (m.delayLoad() ? " (delay-load)" : "")
                        + " (" + m.symbols().size() + " symbols, e.g. " + m.symbols().stream().limit(3)
                        .map(Object::toString).collect(Collectors.joining(", ")) + ")")
                .toList();
        return new Check("imports.allowed", "imports only allowed DLLs", bad.isEmpty() ? Verdict.PASS : Verdict.FAIL,
                String.join(", ", options.allowedImports()), found.isEmpty() ? "no imports" : String.join(", ", found),
                bad);
    }

    private static Check deviceCode(PeFile pe, VerifyOptions options) throws IOException {
        String title = "device code for each gfx target";
        List<OffloadBundle> bundles;
        try {
            bundles = new FatBinaryLocator(new OffloadBundleReader(options.maxBundleBytes())).bundles(pe);
        } catch (BinaryFormatException e) {
            return Check.of("device-code.targets", title, Verdict.FAIL, "readable offload bundles", e.getMessage());
        }
        List<String> ids = new ArrayList<>();
        List<String> details = new ArrayList<>();
        for (OffloadBundle b : bundles) {
            for (BundleEntry e : b.entries()) {
                if (e.id().isHipDevice()) {
                    ids.add(e.id().targetId());
                }
            }
        }
        String expected = options.targets().stream().map(GfxTarget::toString).collect(Collectors.joining(", "));
        String found = bundles.isEmpty() ? "no offload bundle (.hip_fat / .hipFatB)"
                : bundles.size() + " bundle(s), device targets " + ids.stream().distinct().collect(Collectors.joining(", "));
        if (options.targets().isEmpty()) {
            return Check.of("device-code.targets", title, Verdict.SKIP, "no gfx target requested", found);
        }
        boolean ok = !bundles.isEmpty();
        for (GfxTarget t : options.targets()) {
            // Every bundle (one per translation unit) must carry the target.
            for (int i = 0; i < bundles.size(); i++) {
                boolean has = bundles.get(i).entries().stream()
                        .anyMatch(e -> e.id().isHipDevice() && e.id().targetId().equals(t.toString()));
                if (!has) {
                    ok = false;
                    details.add("missing: " + t + " in bundle #" + i);
                }
            }
        }
        ids.stream().distinct().filter(id -> options.targets().stream().noneMatch(t -> t.toString().equals(id)))
                .forEach(id -> details.add("extra target (not requested): " + id));
        return new Check("device-code.targets", title, ok ? Verdict.PASS : Verdict.FAIL, expected, found, details);
    }
}
