package dev.hipdll.loadcheck;

import dev.hipdll.bundle.BundleEntry;
import dev.hipdll.bundle.OffloadBundle;
import dev.hipdll.bundle.OffloadBundleReader;
import dev.hipdll.pe.PeFile;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code device-code.registered} check: the fat binaries the DLL registered with the runtime
 * ({@code __hipRegisterFatBinary}, recorded by the stand-in runtime and reported by the loader
 * program as addresses relative to the DLL's base) must each be a clang offload bundle inside the
 * DLL's image. Each address is mapped to a file offset through the section table, the first 24
 * bytes are compared with what the program read in memory, and the bundle is read from the file
 * with {@link OffloadBundleReader}; its HIP device entries give the registered gfx targets.
 */
final class RegisteredDeviceCode {
    private RegisteredDeviceCode() {
    }

    /**
     * @param dll      the DLL file
     * @param out      the loader program's report
     * @param required gfx target IDs that must be registered
     * @param targets  receives the registered gfx target IDs, bundle order, without duplicates
     */
    static Check check(Path dll, LoaderOutput out, List<String> required, List<String> targets) {
        String id = CheckIds.DEVICE_REGISTERED;
        String title = "the device code registers with the runtime";
        String want = "fat binaries registered" + (required.isEmpty() ? "" : " for " + String.join(", ", required));
        if (!out.loaded()) {
            return Check.of(id, title, Verdict.SKIP, want, "the DLL did not load");
        }
        if (out.registrations().isEmpty()) {
            return Check.of(id, title, Verdict.SKIP, want,
                    "the bound runtime keeps no record of registrations (only the stand-in runtime does)");
        }
        int count = out.registrations().getAsInt();
        List<String> details = new ArrayList<>();
        boolean bad = false;
        Set<String> found = new LinkedHashSet<>();
        try (PeFile pe = PeFile.open(dll)) {
            OffloadBundleReader reader = new OffloadBundleReader();
            for (RegisteredBundle b : out.bundles()) {
                if (!b.insideImage()) {
                    details.add("registration #" + b.index() + " points outside the DLL's image");
                    bad = true;
                    continue;
                }
                long off;
                try {
                    off = pe.rvaToOffset(b.rva(), 24, "registered fat binary #" + b.index());
                } catch (IOException e) {
                    details.add("registration #" + b.index() + " at RVA 0x" + Long.toHexString(b.rva())
                            + " is not file-backed: " + e.getMessage());
                    bad = true;
                    continue;
                }
                String fileHead = HexFormat.of().formatHex(pe.source().read(off, 24, "registered fat binary"));
                if (!fileHead.equals(b.head()) || !OffloadBundleReader.startsBundle(pe.source(), off)) {
                    details.add("registration #" + b.index() + " at RVA 0x" + Long.toHexString(b.rva())
                            + " is not an offload bundle (bytes " + b.head() + ")");
                    bad = true;
                    continue;
                }
                OffloadBundle bundle = reader.read(pe.source(), off);
                List<String> t = new ArrayList<>();
                for (BundleEntry e : bundle.entries()) {
                    if (e.id().isHipDevice()) {
                        e.id().target().ifPresent(t::add);
                    }
                }
                found.addAll(t);
                details.add("registration #" + b.index() + ": offload bundle at RVA 0x" + Long.toHexString(b.rva())
                        + (bundle.compression().isPresent() ? " (compressed)" : "") + " with " + String.join(", ", t));
            }
        } catch (IOException e) {
            return Check.of(id, title, Verdict.FAIL, want, "cannot read the registered bundles: " + e.getMessage());
        }
        targets.addAll(found);
        List<String> absent = required.stream().filter(r -> !found.contains(r)).toList();
        if (!absent.isEmpty()) {
            details.add("not registered: " + String.join(", ", absent));
        }
        Verdict v = count == 0 || bad || !absent.isEmpty() ? Verdict.FAIL : Verdict.PASS;
        String summary = count + " fat binar" + (count == 1 ? "y" : "ies") + ", "
                + out.functions().orElse(0) + " kernels: " + (found.isEmpty() ? "no gfx target" : String.join(", ", found));
        return new Check(id, title, v, want, summary, details);
    }
}
