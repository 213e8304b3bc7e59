package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import dev.hipdll.pe.CoffHeader;
import dev.hipdll.pe.GuardClaims;
import dev.hipdll.pe.LoadConfig;
import dev.hipdll.pe.SecurityFeatures;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code hardening.*} checks: the exploit mitigations a linker decides, as BinSkim (BA2009
 * EnableAddressSpaceLayoutRandomization, BA2015 EnableHighEntropyVirtualAddresses, BA2016 MarkImageAsNXCompatible,
 * BA2008 EnableControlFlowGuard, BA2025 EnableShadowStack) and winchecksec (dynamicBase, highEntropyVA, nx, cfg,
 * cetCompat, forceIntegrity) read them from the image ({@link SecurityFeatures}):
 * <ul>
 *   <li>{@code dynamic-base}: {@code DYNAMIC_BASE} set and base relocations present (without them the loader cannot
 *       move the image, whatever the flag says); {@code IMAGE_FILE_RELOCS_STRIPPED} fails with the policy, no
 *       relocation directory without that flag (lld-link writes none when nothing needs one) only warns;</li>
 *   <li>{@code high-entropy-va}: {@code HIGH_ENTROPY_VA} and {@code DYNAMIC_BASE} on a PE32+ image (a PE32 image has
 *       no 64-bit address space: not applicable);</li>
 *   <li>{@code nx-compat}: {@code NX_COMPAT} (DEP);</li>
 *   <li>{@code guard-cf}: {@code GUARD_CF} set and a load configuration whose {@code GuardFlags} say
 *       {@code IMAGE_GUARD_CF_INSTRUMENTED} with a check function ({@code GuardCFCheckFunctionPointer}); the
 *       function table's size is reported. The structures the load configuration claims must be in the image
 *       ({@link GuardClaims}: the function table when {@code GuardFlags} say it is present, every table inside a
 *       section with its count bounded by the section's size, the check and dispatch pointers inside the image, the
 *       hybrid metadata inside a section): otherwise FAIL "claimed but not present", whatever the policy, naming the
 *       field;</li>
 *   <li>{@code cet-compat}: the debug directory's extended DLL characteristics say {@code CET_COMPAT} (x86 and x64
 *       only); with it, the structures of the load configuration (the EH continuation table of /guard:ehcont among
 *       them) must be in the image (as above);</li>
 *   <li>{@code wx-sections}: no section both writable and executable;</li>
 *   <li>{@code force-integrity}: with {@code hip.requireSignature}, {@code FORCE_INTEGRITY} set (the loader then
 *       refuses the DLL unless its signature verifies); whatever the policy, the flag on an unsigned DLL fails: Windows
 *       would refuse to load it.</li>
 * </ul>
 * A missing mitigation fails when {@link HardeningPolicy} requires it, else warns.
 */
final class HardeningChecks {
    private final SecurityFeatures f;
    private final HardeningPolicy policy;
    private final boolean plus;
    private final int machine;

    HardeningChecks(SecurityFeatures features, HardeningPolicy policy, boolean pe32Plus, int machine) {
        this.f = features;
        this.policy = policy;
        this.plus = pe32Plus;
        this.machine = machine;
    }

    /**
     * Every hardening check, in report order.
     *
     * @param signatureRequired {@code hip.requireSignature}
     * @param signed            whether the image has a certificate table
     */
    List<Check> run(boolean signatureRequired, boolean signed) {
        List<Check> out = new ArrayList<>();
        out.add(dynamicBase());
        out.add(highEntropyVa());
        out.add(check("nx-compat", CheckIds.HARDENING_NX_COMPAT, "DEP: the image is NX-compatible", "NX_COMPAT set (/NXCOMPAT)",
                f.has(SecurityFeatures.NX_COMPAT), "NX_COMPAT set", "NX_COMPAT not set (linked with /NXCOMPAT:NO)"));
        out.add(guardCf());
        out.add(cetCompat());
        out.add(check("wx-sections", CheckIds.HARDENING_WX_SECTIONS, "no writable and executable section",
                "no section with both IMAGE_SCN_MEM_WRITE and IMAGE_SCN_MEM_EXECUTE", f.writableExecutable().isEmpty(),
                "none", "writable and executable: " + String.join(", ", f.writableExecutable())));
        out.add(forceIntegrity(signatureRequired, signed));
        return out;
    }

    private Check dynamicBase() {
        boolean flag = f.has(SecurityFeatures.DYNAMIC_BASE);
        if (flag && !f.relocationsStripped() && !f.relocations().present()) {
            // lld-link writes no .reloc when nothing needs one; the loader can move such an image, unless it does hold
            // an absolute address: a warning whatever the policy
            return Check.of(CheckIds.HARDENING_DYNAMIC_BASE, "ASLR: the loader can move the image", Verdict.WARN,
                    "DYNAMIC_BASE set (/DYNAMICBASE) and base relocations present", "DYNAMIC_BASE set, no base relocation"
                            + " directory and IMAGE_FILE_RELOCS_STRIPPED not set: movable only if no code or data holds an"
                            + " absolute address");
        }
        String relocs = f.hasRelocations() ? "base relocations present (" + f.relocations().size() + " bytes)"
                : f.relocationsStripped() ? "IMAGE_FILE_RELOCS_STRIPPED set" : "no base relocation directory";
        return check("dynamic-base", CheckIds.HARDENING_DYNAMIC_BASE, "ASLR: the loader can move the image",
                "DYNAMIC_BASE set (/DYNAMICBASE) and base relocations present", flag && f.hasRelocations(),
                "DYNAMIC_BASE set, " + relocs, (flag ? "DYNAMIC_BASE set but " : "DYNAMIC_BASE not set, ") + relocs
                        + (flag ? ": the loader cannot move it" : ""));
    }

    private Check highEntropyVa() {
        String expected = "HIGH_ENTROPY_VA and DYNAMIC_BASE set (/HIGHENTROPYVA) on a PE32+ image";
        if (!plus) {
            return Check.of(CheckIds.HARDENING_HIGH_ENTROPY_VA, "64-bit ASLR", Verdict.PASS, expected,
                    "not applicable: a PE32 image has a 32-bit address space");
        }
        boolean he = f.has(SecurityFeatures.HIGH_ENTROPY_VA);
        boolean db = f.has(SecurityFeatures.DYNAMIC_BASE);
        return check("high-entropy-va", CheckIds.HARDENING_HIGH_ENTROPY_VA, "64-bit ASLR", expected, he && db,
                "HIGH_ENTROPY_VA set", he ? "HIGH_ENTROPY_VA set but DYNAMIC_BASE not: no effect"
                        : "HIGH_ENTROPY_VA not set (linked with /HIGHENTROPYVA:NO)");
    }

    private Check guardCf() {
        String expected = "GUARD_CF set (/guard:cf) and a load configuration with GuardFlags CF_INSTRUMENTED and a check function";
        String title = "Control Flow Guard";
        boolean flag = f.has(SecurityFeatures.GUARD_CF);
        if (f.loadConfigProblem() != null) {
            return failOrWarn("guard-cf", CheckIds.HARDENING_GUARD_CF, title, expected, (flag ? "GUARD_CF set; " : "")
                    + "the load configuration is malformed: " + f.loadConfigProblem());
        }
        if (!flag) {
            return failOrWarn("guard-cf", CheckIds.HARDENING_GUARD_CF, title, expected,
                    "GUARD_CF not set (link without /guard:cf; compile with -Xclang -cfguard)");
        }
        if (f.loadConfig().isEmpty()) {
            return failOrWarn("guard-cf", CheckIds.HARDENING_GUARD_CF, title, expected,
                    "GUARD_CF set but the image has no load configuration (data directory 10): the loader ignores it");
        }
        LoadConfig lc = f.loadConfig().get();
        if (!lc.hasGuardFlags()) {
            return failOrWarn("guard-cf", CheckIds.HARDENING_GUARD_CF, title, expected, String.format("GUARD_CF set but the"
                    + " load configuration (Size 0x%X) is too old to have GuardFlags", lc.size()));
        }
        String table = Long.toUnsignedString(lc.guardCfFunctionCount()) + " function table entries"
                + String.format(" (GuardFlags 0x%X)", lc.guardFlags());
        List<GuardClaims.Claim> unbacked = f.unbackedClaims();  // the load configuration it vouches for, all of it
        if (!unbacked.isEmpty()) {
            return claimedButNotPresent(CheckIds.HARDENING_GUARD_CF, title, expected, "GUARD_CF set, " + table, unbacked);
        }
        if ((lc.guardFlags() & LoadConfig.CF_INSTRUMENTED) == 0 || lc.guardCfCheckFunction() == 0) {
            return failOrWarn("guard-cf", CheckIds.HARDENING_GUARD_CF, title, expected, "GUARD_CF set but "
                    + ((lc.guardFlags() & LoadConfig.CF_INSTRUMENTED) == 0 ? "GuardFlags lack CF_INSTRUMENTED"
                    : "GuardCFCheckFunctionPointer is 0") + ", " + table);
        }
        return Check.of(CheckIds.HARDENING_GUARD_CF, title, Verdict.PASS, expected, "GUARD_CF set, " + table);
    }

    private Check cetCompat() {
        String expected = "CET_COMPAT in the extended DLL characteristics (/CETCOMPAT)";
        String title = "CET shadow stack compatible";
        if (machine != CoffHeader.MACHINE_AMD64 && machine != CoffHeader.MACHINE_I386) {
            return Check.of(CheckIds.HARDENING_CET_COMPAT, title, Verdict.PASS, expected,
                    "not applicable: CET is an x86/x64 feature");
        }
        if (f.debugProblem() != null) {
            return failOrWarn("cet-compat", CheckIds.HARDENING_CET_COMPAT, title, expected,
                    "the debug directory is malformed: " + f.debugProblem());
        }
        List<GuardClaims.Claim> unbacked = f.unbackedClaims();  // the EH continuation table and all the loader reads
        if (f.cetCompatible() && !unbacked.isEmpty()) {
            return claimedButNotPresent(CheckIds.HARDENING_CET_COMPAT, title, expected, String.format(
                    "CET_COMPAT set (extended DLL characteristics 0x%X)", f.exDllCharacteristics().orElse(0)), unbacked);
        }
        return check("cet-compat", CheckIds.HARDENING_CET_COMPAT, title, expected, f.cetCompatible(),
                String.format("CET_COMPAT set (extended DLL characteristics 0x%X)", f.exDllCharacteristics().orElse(0)),
                f.exDllCharacteristics().isPresent()
                        ? String.format("extended DLL characteristics 0x%X without CET_COMPAT", f.exDllCharacteristics().getAsLong())
                        : "no IMAGE_DEBUG_TYPE_EX_DLLCHARACTERISTICS debug entry (linked without /CETCOMPAT)");
    }

    private Check forceIntegrity(boolean required, boolean signed) {
        boolean flag = f.has(SecurityFeatures.FORCE_INTEGRITY);
        String title = "the loader checks the signature";
        if (flag && !signed) {
            return Check.of(CheckIds.HARDENING_FORCE_INTEGRITY, title, Verdict.FAIL,
                    "FORCE_INTEGRITY only on a signed image", "FORCE_INTEGRITY set but the DLL is not signed: Windows refuses"
                            + " to load it (STATUS_INVALID_IMAGE_HASH)");
        }
        String expected = "FORCE_INTEGRITY set (/INTEGRITYCHECK) when hip.requireSignature is on";
        if (!required) {
            return Check.of(CheckIds.HARDENING_FORCE_INTEGRITY, title, Verdict.PASS, expected,
                    "not asked for (hip.requireSignature is off); FORCE_INTEGRITY " + (flag ? "set" : "not set"));
        }
        return check("force-integrity", CheckIds.HARDENING_FORCE_INTEGRITY, title, expected, flag, "FORCE_INTEGRITY set",
                "FORCE_INTEGRITY not set: Windows loads the DLL even when its signature does not verify");
    }

    /**
     * FAIL whatever the policy: the image claims a mitigation whose structure it does not hold (a claim the loader
     * cannot honour is worse than no claim: a reviewer trusts it).
     */
    private static Check claimedButNotPresent(String id, String title, String expected, String claim,
                                              List<GuardClaims.Claim> unbacked) {
        List<String> what = new java.util.ArrayList<>();  // no stream on the verify path (ColdVerifyPathTest)
        for (GuardClaims.Claim c : unbacked) {
            what.add(c.toString());
        }
        return Check.of(id, title, Verdict.FAIL, expected + ", each structure it claims inside the image",
                "claimed but not present: " + String.join("; ", what) + " (" + claim + ")");
    }

    private Check check(String name, String id, String title, String expected, boolean ok, String found, String missing) {
        return ok ? Check.of(id, title, Verdict.PASS, expected, found) : failOrWarn(name, id, title, expected, missing);
    }

    private Check failOrWarn(String name, String id, String title, String expected, String found) {
        boolean req = policy.requires(name);
        return Check.of(id, title, req ? Verdict.FAIL : Verdict.WARN, expected + (req ? "" : "; warns only (not in"
                + " hip.hardening.required)"), found);
    }
}
