package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import dev.hipdll.bundle.BundleEntry;
import dev.hipdll.bundle.CodeObject;
import dev.hipdll.bundle.CompressionInfo;
import dev.hipdll.bundle.CudaDeviceCode;
import dev.hipdll.bundle.FatBinaries;
import dev.hipdll.bundle.OffloadBundle;
import dev.hipdll.gfx.GfxProcessor;
import dev.hipdll.gfx.GfxTarget;
import dev.hipdll.gfx.KnownProcessors;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The device code checks on the offload bundles of an image: {@code device-code.targets} (every
 * requested gfx target ID has an entry in every bundle, one bundle per translation unit; targets
 * not requested are listed) and {@code device-code.code-objects} (each AMDGPU entry is an ELF
 * code object whose {@code e_machine} is {@code EM_AMDGPU} and whose {@code e_flags} name the
 * processor, xnack and sramecc modes of its entry id: LLVM {@code AMDGPUUsage.rst}, "ELF Header").
 */
final class DeviceCodeChecks {
    private final VerifyOptions options;

    DeviceCodeChecks(VerifyOptions options) {
        this.options = options;
    }

    /** {@code device-code.targets} of an image without CUDA device code. */
    Check targets(List<OffloadBundle> bundles) {
        return targets(bundles, CudaDeviceCode.none());
    }

    /**
     * {@code device-code.targets}: every requested gfx target in every bundle. NVIDIA CUDA device code
     * ({@code cuda}) fails it, requested targets or not, with the reason named: a HIP
     * backend carrying it was built for the NVIDIA platform, or links an object that was.
     */
    Check targets(List<OffloadBundle> bundles, CudaDeviceCode cuda) {
        String title = "device code for each gfx target";
        List<String> ids = new ArrayList<>();
        for (OffloadBundle b : bundles) {
            for (BundleEntry e : b.entries()) {
                if (e.id().isHipDevice()) {
                    ids.add(e.id().targetId());
                }
            }
        }
        Set<String> distinctIds = new LinkedHashSet<>(ids);
        String expected = Joined.of(options.deviceCode().targets(), ", ");
        String found = bundles.isEmpty() ? "no offload bundle (.hip_fat / .hipFatB)"
                : bundles.size() + " bundle(s), device targets " + Joined.of(distinctIds, ", ")
                + compression(bundles);
        List<String> details = new ArrayList<>();
        if (cuda.present()) {
            found = (bundles.isEmpty() ? "no offload bundle" : found) + "; " + cuda.describe();
            details.add(cudaReason(cuda, distinctIds));
            for (String p : cuda.problems()) {
                details.add("CUDA fat binary not read: " + p);
            }
        }
        if (bundles.isEmpty() && !cuda.present() && !options.deviceCode().required()) {
            return Check.of(CheckIds.DEVICE_TARGETS, title, Verdict.SKIP, "device code only in the files that carry some"
                    + " (a library of the package)", "no device code");
        }
        if (options.deviceCode().targets().isEmpty()) {
            return new Check(CheckIds.DEVICE_TARGETS, title, cuda.present() ? Verdict.FAIL : Verdict.SKIP,
                    "no gfx target requested (hip.arch)" + (cuda.present() ? "; AMD device code, not NVIDIA" : ""), found,
                    details);
        }
        boolean ok = !bundles.isEmpty() && !cuda.present();
        for (GfxTarget t : options.deviceCode().targets()) {
            for (int i = 0; i < bundles.size(); i++) {
                if (!hasDeviceEntry(bundles.get(i), t.toString())) {
                    ok = false;
                    details.add("missing: " + t + " in bundle #" + i);
                }
            }
        }
        for (String id : distinctIds) {
            if (!requested(id)) {
                details.add("extra target (not requested): " + id);
            }
        }
        return new Check(CheckIds.DEVICE_TARGETS, title, ok ? Verdict.PASS : Verdict.FAIL, expected, found, details);
    }

    /**
     * Why CUDA device code fails {@code device-code.targets}: {@code "this DLL carries NVIDIA CUDA device code
     * (sm_86, sm_89), not AMD HIP: ..."}, or, beside HIP device code, both named.
     */
    static String cudaReason(CudaDeviceCode cuda, Set<String> hipTargets) {
        String archs = cuda.architectures().isEmpty() ? "sections " + String.join(", ", cuda.sections())
                : cuda.architectures();
        if (hipTargets.isEmpty()) {
            return "this DLL carries NVIDIA CUDA device code (" + archs + "), not AMD HIP: hipcc built for the NVIDIA"
                    + " platform; set HIP_PLATFORM=amd (and HIP_COMPILER=clang, no CUDA_PATH in the environment) and"
                    + " rebuild with --offload-arch=gfx...";
        }
        return "this DLL carries NVIDIA CUDA device code (" + archs + ") besides AMD HIP device code ("
                + Joined.of(hipTargets, ", ") + "): an object built for the NVIDIA platform (nvcc, or hipcc with"
                + " HIP_PLATFORM=nvidia) was linked in; build every unit with HIP_PLATFORM=amd";
    }

    /** Whether {@code bundle} has a HIP device entry for the target ID {@code targetId}. */
    private static boolean hasDeviceEntry(OffloadBundle bundle, String targetId) {
        for (BundleEntry e : bundle.entries()) {
            if (e.id().isHipDevice() && e.id().targetId().equals(targetId)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code targetId} is one of the requested targets ({@code hip.arch}). */
    private boolean requested(String targetId) {
        for (GfxTarget t : options.deviceCode().targets()) {
            if (t.toString().equals(targetId)) {
                return true;
            }
        }
        return false;
    }

    Check codeObjects(List<OffloadBundle> bundles) {
        String title = "code objects match their entry ids";
        List<String> bad = new ArrayList<>();
        List<String> warn = new ArrayList<>();
        int n = 0;
        for (int bi = 0; bi < bundles.size(); bi++) {
            for (BundleEntry e : bundles.get(bi).entries()) {
                if (!e.id().isHipDevice()) {
                    continue;
                }
                n++;
                String where = "bundle #" + bi + " entry " + e.id().text();
                Optional<CodeObject> co = e.codeObject();
                if (co.isEmpty()) {
                    bad.add(where + ": not a 64-bit little-endian ELF code object (" + e.size() + " bytes)");
                    continue;
                }
                CodeObject c = co.get();
                if (c.elfMachine() != CodeObject.EM_AMDGPU) {
                    bad.add(where + ": e_machine is " + c.elfMachine() + ", expected EM_AMDGPU (224)");
                    continue;
                }
                Optional<GfxProcessor> want = KnownProcessors.byName(e.id().processor());
                Optional<GfxProcessor> have = KnownProcessors.byElfMach(c.mach());
                String haveName = have.isPresent() ? have.get().name() : String.format("EF_AMDGPU_MACH 0x%03X", c.mach());
                if (want.isEmpty()) {
                    warn.add(where + ": processor " + e.id().processor() + " is not in the known processor table;"
                            + " e_flags say " + haveName);
                } else if (want.get().elfMach() != c.mach()) {
                    bad.add(where + String.format(": e_flags 0x%X name %s, but the entry is filed under %s (0x%03X)",
                            c.eFlags(), haveName, e.id().processor(), want.get().elfMach()));
                }
                if (c.abiVersion() >= 2) { // code object v4+: e_flags carry any/off/on; v3 cannot say "off"
                    feature(where, "xnack", e.id().featureSetting("xnack"), c.xnack(), bad);
                    feature(where, "sramecc", e.id().featureSetting("sramecc"), c.sramecc(), bad);
                }
            }
        }
        List<String> details = new ArrayList<>(bad);
        details.addAll(warn);
        Verdict v = !bad.isEmpty() ? Verdict.FAIL : !warn.isEmpty() ? Verdict.WARN : n == 0 ? Verdict.SKIP : Verdict.PASS;
        return new Check(CheckIds.DEVICE_CODE_OBJECTS, title, v, "each AMDGPU entry's e_machine/e_flags agree with its id",
                n + " code object(s)" + (bad.isEmpty() ? "" : ", " + bad.size() + " mismatched"), details);
    }

    /** {@code device-code.wrappers}: every {@code .hipFatB} record valid, every bundle in {@code .hip_fat} reached. */
    Check wrappers(FatBinaries fb, boolean hasDeviceSections) {
        String title = ".hipFatB wrappers reach the device code";
        String expected = "each .hipFatB record: magic HIPF, version 1, the address of a bundle in .hip_fat; every bundle reached";
        if (!hasDeviceSections) {
            return Check.of(CheckIds.DEVICE_WRAPPERS, title, Verdict.SKIP, expected, "no .hipFatB or .hip_fat section");
        }
        List<String> details = new ArrayList<>(fb.problems());
        details.addAll(fb.unreached());
        if (fb.wrappers() == 0) {
            details.add(0, "no .hipFatB wrapper: __hipRegisterFatBinary registers no device code");
        }
        return new Check(CheckIds.DEVICE_WRAPPERS, title, details.isEmpty() ? Verdict.PASS : Verdict.FAIL, expected,
                fb.wrappers() + " wrapper(s), " + fb.bundles().size() + " bundle(s) reached"
                        + (fb.problems().isEmpty() ? "" : ", " + fb.problems().size() + " invalid wrapper(s)")
                        + (fb.unreached().isEmpty() ? "" : ", " + fb.unreached().size() + " bundle(s) unreached"), details);
    }

    /** {@code device-code.format}: each bundle's format; fails a {@code CCOB} version over {@code hip.maxBundleVersion}. */
    Check format(List<OffloadBundle> bundles) {
        String title = "offload bundle formats";
        java.util.OptionalInt max = options.deviceCode().maxBundleVersion();
        String expected = max.isPresent() ? "plain or CCOB v1..v" + max.getAsInt() + " (hip.maxBundleVersion)"
                : "plain or CCOB v1, v2, v3 (zlib, zstd)";
        if (bundles.isEmpty()) {
            return Check.of(CheckIds.DEVICE_FORMAT, title, Verdict.SKIP, expected, "no offload bundle");
        }
        List<String> details = new ArrayList<>();
        List<String> bad = new ArrayList<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (int i = 0; i < bundles.size(); i++) {
            OffloadBundle b = bundles.get(i);
            String f = formatOf(b);
            Integer seen = counts.get(f);
            counts.put(f, seen == null ? 1 : seen + 1);
            String sizes = "";
            if (b.compression().isPresent()) {
                CompressionInfo c = b.compression().get();
                sizes = ", " + (c.totalSize() < 0 ? "" : c.totalSize() + " bytes compressed, ") + c.uncompressedSize()
                        + " bytes uncompressed";
            }
            String line = "bundle #" + i + ": " + f + sizes + ", " + b.entries().size() + " entries";
            if (max.isPresent() && b.compression().isPresent() && b.compression().get().version() > max.getAsInt()) {
                bad.add(line + ": CCOB v" + b.compression().get().version() + " is newer than hip.maxBundleVersion="
                        + max.getAsInt() + " (older HIP runtimes cannot read it; build with an older clang or"
                        + " without --offload-compress)");
            } else {
                details.add(line);
            }
        }
        List<String> all = new ArrayList<>(bad);
        all.addAll(details);
        StringBuilder found = new StringBuilder();
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            found.append(found.length() == 0 ? "" : ", ").append(e.getValue()).append(" x ").append(e.getKey());
        }
        return new Check(CheckIds.DEVICE_FORMAT, title, bad.isEmpty() ? Verdict.PASS : Verdict.FAIL, expected,
                found.toString(), all);
    }

    /** "plain", or "CCOB v2 zstd". */
    static String formatOf(OffloadBundle b) {
        if (b.compression().isEmpty()) {
            return "plain";
        }
        CompressionInfo c = b.compression().get();
        return "CCOB v" + c.version() + " " + c.methodName();
    }

    /** {@code device-code.size} of an image without CUDA device code. */
    Check sizes(List<OffloadBundle> bundles) {
        return sizes(bundles, CudaDeviceCode.none());
    }

    /**
     * {@code device-code.size}: each gfx target's code object bytes (summed over bundles) and each NVIDIA architecture's
     * fat binary entry bytes ({@code sm_86}, {@code compute_90}; summed over fat binaries, as stored: compressed when
     * the entry is) within {@code hip.maxDeviceCodeBytes}: the device code {@code device-code.targets} found, CUDA
     * included.
     */
    Check sizes(List<OffloadBundle> bundles, CudaDeviceCode cuda) {
        String title = "device code size per gfx target";
        java.util.OptionalLong max = options.deviceCode().maxDeviceCodeBytes();
        String expected = max.isPresent() ? "at most " + max.getAsLong() + " bytes per target (hip.maxDeviceCodeBytes)"
                : "no budget (hip.maxDeviceCodeBytes unset)";
        Map<String, long[]> perTarget = new LinkedHashMap<>();  // bytes, code objects
        for (OffloadBundle b : bundles) {
            for (BundleEntry e : b.entries()) {
                if (e.id().isHipDevice()) {
                    long[] t = perTarget.get(e.id().targetId());
                    if (t == null) {
                        t = new long[2];
                        perTarget.put(e.id().targetId(), t);
                    }
                    t[0] += e.size();
                    t[1]++;
                }
            }
        }
        for (CudaDeviceCode.Entry e : cuda.entries()) {
            String key = "NVIDIA " + e.archName();
            long[] t = perTarget.get(key);
            if (t == null) {
                t = new long[2];
                perTarget.put(key, t);
            }
            t[0] += e.size();
            t[1]++;
        }
        if (perTarget.isEmpty() && cuda.present()) {
            return Check.of(CheckIds.DEVICE_SIZE, title, Verdict.SKIP, expected, "NVIDIA CUDA sections "
                    + String.join(", ", cuda.sections()) + " but no fat binary entry read (device-code.targets says why)");
        }
        if (perTarget.isEmpty()) {
            return Check.of(CheckIds.DEVICE_SIZE, title, Verdict.SKIP, expected, "no device code");
        }
        List<String> bad = new ArrayList<>();
        List<String> ok = new ArrayList<>();
        List<String> perTargetBytes = new ArrayList<>();
        for (Map.Entry<String, long[]> e : perTarget.entrySet()) {
            long[] v = e.getValue();
            String line = e.getKey() + ": " + v[0] + " bytes in " + v[1] + (e.getKey().startsWith("NVIDIA ")
                    ? " fat binary entr" + (v[1] == 1 ? "y" : "ies") : " code object(s)");
            if (max.isPresent() && v[0] > max.getAsLong()) {
                bad.add(line + ", over the budget of " + max.getAsLong() + " bytes (hip.maxDeviceCodeBytes)");
            } else {
                ok.add(line);
            }
            perTargetBytes.add(e.getKey() + " " + v[0] + " B");
        }
        List<String> all = new ArrayList<>(bad);
        all.addAll(ok);
        String found = String.join(", ", perTargetBytes);
        return new Check(CheckIds.DEVICE_SIZE, title, bad.isEmpty() ? Verdict.PASS : Verdict.FAIL, expected, found, all);
    }

    private static void feature(String where, String name, String inId, String inFlags, List<String> bad) {
        if (!inId.equals(inFlags)) {
            bad.add(where + ": " + name + (inId.isEmpty() ? " unspecified" : inId) + " in the id but "
                    + name + (inFlags.isEmpty() ? " unspecified/any" : inFlags) + " in e_flags");
        }
    }

    private static String compression(List<OffloadBundle> bundles) {
        Set<String> c = new LinkedHashSet<>();
        for (OffloadBundle b : bundles) {
            if (b.compression().isPresent()) {
                c.add(formatOf(b));
            }
        }
        return c.isEmpty() ? "" : " (compressed: " + String.join(", ", c) + ")";
    }
}
