package dev.hipdll.verify;

import dev.hipdll.bundle.BundleEntry;
import dev.hipdll.bundle.CodeObject;
import dev.hipdll.bundle.FatBinaries;
import dev.hipdll.bundle.OffloadBundle;
import dev.hipdll.target.GfxProcessor;
import dev.hipdll.target.GfxTarget;
import dev.hipdll.target.KnownProcessors;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

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

    Check targets(List<OffloadBundle> bundles) {
        String title = "device code for each gfx target";
        List<String> ids = new ArrayList<>();
        for (OffloadBundle b : bundles) {
            for (BundleEntry e : b.entries()) {
                if (e.id().isHipDevice()) {
                    ids.add(e.id().targetId());
                }
            }
        }
        String expected = options.targets().stream().map(GfxTarget::toString).collect(Collectors.joining(", "));
        String found = bundles.isEmpty() ? "no offload bundle (.hip_fat / .hipFatB)"
                : bundles.size() + " bundle(s), device targets " + ids.stream().distinct().collect(Collectors.joining(", "))
                + compression(bundles);
        if (options.targets().isEmpty()) {
            return Check.of("device-code.targets", title, Verdict.SKIP, "no gfx target requested (hip.arch)", found);
        }
        List<String> details = new ArrayList<>();
        boolean ok = !bundles.isEmpty();
        for (GfxTarget t : options.targets()) {
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
                String haveName = have.map(GfxProcessor::name).orElse(String.format("EF_AMDGPU_MACH 0x%03X", c.mach()));
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
        return new Check("device-code.code-objects", title, v, "each AMDGPU entry's e_machine/e_flags agree with its id",
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
        java.util.Map<String, Integer> counts = new java.util.LinkedHashMap<>();
        for (int i = 0; i < bundles.size(); i++) {
            OffloadBundle b = bundles.get(i);
            String f = formatOf(b);
            counts.merge(f, 1, Integer::sum);
            String line = "bundle #" + i + ": " + f + b.compression().map(c -> ", " + (c.totalSize() < 0 ? "" : c.totalSize()
                    + " bytes compressed, ") + c.uncompressedSize() + " bytes uncompressed").orElse("")
                    + ", " + b.entries().size() + " entries";
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
        counts.forEach((f, n) -> found.append(found.length() == 0 ? "" : ", ").append(n).append(" x ").append(f));
        return new Check(CheckIds.DEVICE_FORMAT, title, bad.isEmpty() ? Verdict.PASS : Verdict.FAIL, expected,
                found.toString(), all);
    }

    /** "plain", or "CCOB v2 zstd". */
    static String formatOf(OffloadBundle b) {
        return b.compression().map(c -> "CCOB v" + c.version() + " " + c.methodName()).orElse("plain");
    }

    /** {@code device-code.size}: each gfx target's code object bytes (summed over bundles) within {@code hip.maxDeviceCodeBytes}. */
    Check sizes(List<OffloadBundle> bundles) {
        String title = "device code size per gfx target";
        java.util.OptionalLong max = options.deviceCode().maxDeviceCodeBytes();
        String expected = max.isPresent() ? "at most " + max.getAsLong() + " bytes per target (hip.maxDeviceCodeBytes)"
                : "no budget (hip.maxDeviceCodeBytes unset)";
        java.util.Map<String, long[]> perTarget = new java.util.LinkedHashMap<>();  // bytes, code objects
        for (OffloadBundle b : bundles) {
            for (BundleEntry e : b.entries()) {
                if (e.id().isHipDevice()) {
                    long[] t = perTarget.computeIfAbsent(e.id().targetId(), k -> new long[2]);
                    t[0] += e.size();
                    t[1]++;
                }
            }
        }
        if (perTarget.isEmpty()) {
            return Check.of(CheckIds.DEVICE_SIZE, title, Verdict.SKIP, expected, "no device code");
        }
        List<String> bad = new ArrayList<>();
        List<String> ok = new ArrayList<>();
        perTarget.forEach((t, v) -> {
            String line = t + ": " + v[0] + " bytes in " + v[1] + " code object(s)";
            if (max.isPresent() && v[0] > max.getAsLong()) {
                bad.add(line + ", over the budget of " + max.getAsLong() + " bytes (hip.maxDeviceCodeBytes)");
            } else {
                ok.add(line);
            }
        });
        List<String> all = new ArrayList<>(bad);
        all.addAll(ok);
        String found = String.join(", ", perTarget.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()[0] + " B").toList());
        return new Check(CheckIds.DEVICE_SIZE, title, bad.isEmpty() ? Verdict.PASS : Verdict.FAIL, expected, found, all);
    }

    private static void feature(String where, String name, String inId, String inFlags, List<String> bad) {
        if (!inId.equals(inFlags)) {
            bad.add(where + ": " + name + (inId.isEmpty() ? " unspecified" : inId) + " in the id but "
                    + name + (inFlags.isEmpty() ? " unspecified/any" : inFlags) + " in e_flags");
        }
    }

    private static String compression(List<OffloadBundle> bundles) {
        List<String> c = bundles.stream().filter(b -> b.compression().isPresent())
                .map(b -> "CCOB v" + b.compression().get().version() + " " + b.compression().get().methodName())
                .distinct().toList();
        return c.isEmpty() ? "" : " (compressed: " + String.join(", ", c) + ")";
    }
}
