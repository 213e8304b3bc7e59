package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import dev.hipdll.bundle.BundleEntry;
import dev.hipdll.bundle.CodeObject;
import dev.hipdll.bundle.OffloadBundle;
import dev.hipdll.gfx.FeatureSetting;
import dev.hipdll.gfx.GenericTargets;
import dev.hipdll.gfx.GfxTarget;
import dev.hipdll.gfx.TargetFeature;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code device-code.gpus} check: for each processor users run ({@code hip.gpus}), which code
 * object of each offload bundle the HIP runtime would load, or that none would (the kernel launch
 * then fails with "invalid device function", e.g. ggml-org/llama.cpp#26127).
 *
 * <p>The rules, per bundle (one per translation unit; every one must have a loadable code object):
 * <ol>
 *   <li>A code object for the exact processor whose features are compatible with the device's
 *       modes. Compatibility follows clang's offload bundler ({@code clang/lib/Driver/OffloadBundler.cpp},
 *       {@code isCodeObjectCompatible}; clang docs "Clang Offload Bundler", "Compatibility Rules for
 *       Target ID"): the processors must be equal, and each feature the code object's target ID
 *       states ({@code xnack+}/{@code xnack-}, {@code sramecc+}/{@code sramecc-}) must equal the
 *       device's mode; a feature it leaves unstated ("any") is compatible with either mode. Of several
 *       compatible code objects the one stating more features is taken.</li>
 *   <li>Otherwise a code object for the generic processor whose family contains the processor
 *       ({@link GenericTargets}, LLVM {@code AMDGPUUsage.rst} "Generic Processors"), with the same
 *       feature rule, and only when it is code object v6 ({@code e_ident[EI_ABIVERSION]} 4) or later:
 *       generic targets exist from v6 on.</li>
 * </ol>
 * A device's xnack and sramecc modes come from the GPU's target ID when given ({@code gfx90a:xnack+});
 * otherwise every mode the processor supports ({@link dev.hipdll.gfx.KnownProcessors}) is tried,
 * since the driver decides it at run time.
 */
final class GpuCoverage {
    private final GenericTargets generics;

    GpuCoverage(GenericTargets generics) {
        this.generics = generics;
    }

    /** A chosen code object: its entry and whether it was reached through a generic processor. */
    record Choice(BundleEntry entry, boolean generic) {
        String describe() {
            return entry.id().targetId() + (generic ? " (generic" + version(entry) + ")" : " (exact)");
        }

        private static String version(BundleEntry e) {
            return e.codeObject().isPresent() ? ", code object v" + (e.codeObject().get().abiVersion() + 2) : "";
        }
    }

    /** What the runtime loads from {@code entries} (one bundle) on a device {@code processor} in {@code modes}. */
    Optional<Choice> select(String processor, Map<TargetFeature, FeatureSetting> modes, List<BundleEntry> entries) {
        Optional<BundleEntry> exact = best(processor, modes, entries, false);
        if (exact.isPresent()) {
            return Optional.of(new Choice(exact.get(), false));
        }
        Optional<String> generic = generics.genericOf(processor);
        if (generic.isEmpty()) {
            return Optional.empty();
        }
        Optional<BundleEntry> viaGeneric = best(generic.get(), modes, entries, true);
        return viaGeneric.isPresent() ? Optional.of(new Choice(viaGeneric.get(), true)) : Optional.empty();
    }

    private static Optional<BundleEntry> best(String processor, Map<TargetFeature, FeatureSetting> modes,
                                              List<BundleEntry> entries, boolean needsV6) {
        BundleEntry best = null;
        int bestStated = -1;
        for (BundleEntry e : entries) {
            if (!e.id().isHipDevice() || !e.id().processor().equals(processor)) {
                continue;
            }
            if (needsV6 && (e.codeObject().isEmpty() || e.codeObject().get().abiVersion() < 4)) {
                continue;
            }
            int stated = 0;
            boolean ok = true;
            for (TargetFeature f : TargetFeature.values()) {
                String s = e.id().featureSetting(f.spelling());
                if (s.isEmpty()) {
                    continue;
                }
                stated++;
                FeatureSetting mode = modes.get(f);
                ok &= mode != null && s.charAt(0) == mode.sign();
            }
            if (ok && stated > bestStated) {
                best = e;
                bestStated = stated;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Every mode combination a device of {@code gpu} may run in: its stated settings, both for the rest it supports. */
    static List<Map<TargetFeature, FeatureSetting>> modes(GfxTarget gpu) {
        List<Map<TargetFeature, FeatureSetting>> out = new ArrayList<>();
        out.add(new EnumMap<>(TargetFeature.class));
        for (TargetFeature f : TargetFeature.values()) {
            if (!gpu.processor().supports(f)) {
                continue;
            }
            FeatureSetting fixed = gpu.setting(f);
            List<Map<TargetFeature, FeatureSetting>> next = new ArrayList<>();
            for (Map<TargetFeature, FeatureSetting> m : out) {
                for (FeatureSetting s : fixed != null ? List.of(fixed) : List.of(FeatureSetting.ON, FeatureSetting.OFF)) {
                    Map<TargetFeature, FeatureSetting> c = new EnumMap<>(TargetFeature.class);
                    c.putAll(m);
                    c.put(f, s);
                    next.add(c);
                }
            }
            out = next;
        }
        return out;
    }

    Check check(List<OffloadBundle> bundles, List<GfxTarget> gpus) {
        String title = "code object for each GPU users run";
        Set<String> has = new LinkedHashSet<>();
        for (OffloadBundle b : bundles) {
            for (BundleEntry e : b.entries()) {
                if (e.id().isHipDevice()) {
                    has.add(e.id().targetId());
                }
            }
        }
        String dllHas = has.isEmpty() ? "no device code" : String.join(", ", has);
        String expected = Joined.of(gpus, ", ");
        if (gpus.isEmpty()) {
            return Check.of(CheckIds.DEVICE_GPUS, title, Verdict.SKIP, "no GPU list given (hip.gpus)", "the DLL has " + dllHas);
        }
        List<String> loads = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (GfxTarget gpu : gpus) {
            for (Map<TargetFeature, FeatureSetting> mode : modes(gpu)) {
                String who = gpu.processor().name() + modeText(gpu, mode);
                Set<String> chosen = new LinkedHashSet<>();
                List<Integer> missingIn = new ArrayList<>();
                for (int i = 0; i < bundles.size(); i++) {
                    Optional<Choice> c = select(gpu.processor().name(), mode, bundles.get(i).entries());
                    if (c.isPresent()) {
                        chosen.add(c.get().describe());
                    } else {
                        missingIn.add(i);
                    }
                }
                if (bundles.isEmpty() || missingIn.size() == bundles.size()) {
                    failures.add(who + ": no code object; the DLL has " + dllHas);
                } else if (!missingIn.isEmpty()) {
                    failures.add(who + ": no code object in bundle(s) #" + join(missingIn) + " of " + bundles.size()
                            + " (loads " + String.join(", ", chosen) + " elsewhere); the DLL has " + dllHas);
                } else {
                    loads.add(who + ": loads " + String.join(", ", chosen));
                }
            }
        }
        // the GPUs that load a code object are notes: logged at INFO even when another GPU fails the check
        return new Check(CheckIds.DEVICE_GPUS, title, failures.isEmpty() ? Verdict.PASS : Verdict.FAIL,
                expected + " (hip.gpus)", failures.isEmpty() ? "every GPU has a code object; the DLL has " + dllHas
                : failures.size() + " GPU mode(s) without a code object", failures, loads);
    }

    private static String modeText(GfxTarget gpu, Map<TargetFeature, FeatureSetting> mode) {
        if (mode.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(" (");
        for (Map.Entry<TargetFeature, FeatureSetting> e : mode.entrySet()) {
            sb.append(sb.length() > 2 ? ", " : "").append(e.getKey().spelling())
                    .append(e.getValue() == FeatureSetting.ON ? " on" : " off");
        }
        return sb.append(')').toString();
    }

    private static String join(List<Integer> xs) {
        return Joined.of(xs, ", #");
    }
}
