package dev.hipdll.report;

import dev.hipdll.findings.CheckIds;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each check of {@code hipdll:verify} stands for, as a SARIF rule ({@code reportingDescriptor}, SARIF 2.1.0
 * section 3.49) of {@code verify.sarif}: a one-line description of what the check asks of a DLL or a
 * release package, and the address of its row in {@code docs/verify.md} (an explicit {@code <a id="check-<id>">}
 * anchor, {@code VerifySarifTest} checks each is there). Every id a verify report can hold has one
 * ({@link CheckIds#ALL}, {@link CheckIds#GATE}, {@link CheckIds#PACKAGE}, {@link CheckIds#PACKAGE_REPORTED}).
 */
public final class CheckRules {
    /** Where the checks are documented: {@code docs/verify.md} on the repository's default branch. */
    public static final String DOCS = "https://github.com/hipdll/hipdll-maven-plugin/blob/main/docs/verify.md";

    private static final Map<String, String> DESCRIPTIONS = descriptions();

    private CheckRules() {
    }

    /** Every check id verify can report, in report order: a DLL's, the gate's, a package's. */
    public static List<String> verifyIds() {
        List<String> ids = new ArrayList<>(CheckIds.ALL);
        ids.addAll(CheckIds.GATE);
        ids.addAll(CheckIds.PACKAGE);
        ids.addAll(CheckIds.PACKAGE_REPORTED);
        return List.copyOf(ids);
    }

    /** The explicit anchor of {@code id}'s row in docs/verify.md: {@code check-<id>}, e.g. {@code check-pe.format}. */
    public static String anchor(String id) {
        return "check-" + id;
    }

    /** The address of {@code id}'s documentation: {@link #DOCS} {@code #}{@link #anchor}. */
    public static String helpUri(String id) {
        return DOCS + "#" + anchor(id);
    }

    /**
     * One line saying what check {@code id} asks; for an id without one (a check of another goal), the id itself.
     */
    public static String description(String id) {
        String d = DESCRIPTIONS.get(id);
        return d == null ? "check " + id : d;
    }

    /** Whether {@code id} has a description of its own. */
    public static boolean described(String id) {
        return DESCRIPTIONS.containsKey(id);
    }

    private static Map<String, String> descriptions() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(CheckIds.PE_FORMAT, "The file is a complete, well-formed PE image.");
        m.put(CheckIds.PE_MACHINE, "The image is PE32+ for x64 (IMAGE_FILE_MACHINE_AMD64).");
        m.put(CheckIds.PE_DLL, "The image is a DLL (IMAGE_FILE_DLL is set).");
        m.put(CheckIds.PE_LOADABLE, "The Windows loader would map and bind the image without refusing or crashing in it.");
        m.put(CheckIds.PE_OVERLAY, "No more bytes are appended after the image than hip.maxOverlayMiB allows.");
        m.put(CheckIds.IMPORTS_ALLOWED, "Every imported DLL (delay-loaded ones too) is on the import allow-list.");
        m.put(CheckIds.IMPORTS_FORBIDDEN, "No CUDA DLL is imported, and at most one HIP runtime.");
        m.put(CheckIds.RUNTIME_MAJOR, "The imported HIP runtime amdhip64_<N>.dll has the major hip.runtimeMajor names.");
        m.put(CheckIds.EXPORTS_PREFIX, "An explicit hip.exportPrefix agrees with the prefix the loader source spells.");
        m.put(CheckIds.EXPORTS_COUNT, "The number of undecorated exports with the prefix is the one expected.");
        m.put(CheckIds.EXPORTS_REQUIRED, "Every required entry point of the contract (RESOLVE) is exported.");
        m.put(CheckIds.EXPORTS_OPTIONAL, "The optional entry points of the contract (RESOLVE_OPT) are exported.");
        m.put(CheckIds.EXPORTS_EXTRA, "No export with the prefix lies outside the contract.");
        m.put(CheckIds.EXPORTS_OTHER, "Exports without the prefix are listed.");
        m.put(CheckIds.EXPORTS_DECORATED, "Exported names are undecorated (extern \"C\"), so GetProcAddress finds them.");
        m.put(CheckIds.EXPORTS_DUPLICATES, "Each name and export address table entry is exported once.");
        m.put(CheckIds.DEVICE_TARGETS, "Every requested gfx target has device code in every offload bundle; no NVIDIA code.");
        m.put(CheckIds.DEVICE_CODE_OBJECTS, "Each device entry is an AMDGPU ELF code object for the processor its id names.");
        m.put(CheckIds.DEVICE_WRAPPERS, "Every .hipFatB wrapper points to an offload bundle, and every bundle is reached.");
        m.put(CheckIds.DEVICE_FORMAT, "Compressed offload bundles are no newer than hip.maxBundleVersion.");
        m.put(CheckIds.DEVICE_SIZE, "Each target's device code is within hip.maxDeviceCodeBytes.");
        m.put(CheckIds.DEVICE_GPUS, "Every GPU of hip.gpus has a code object the HIP runtime would load.");
        m.put(CheckIds.DEVICE_DEBUG, "Device code objects carry no DWARF debug sections.");
        m.put(CheckIds.PATHS_PDB, "The CodeView record names no absolute PDB path.");
        m.put(CheckIds.PATHS_BUILD, "No absolute build-machine path occurs anywhere in the file, and every byte was searched.");
        m.put(CheckIds.ARTIFACT_BUILT, "The DLL read is the one hipdll:build wrote in this Maven build.");
        m.put(CheckIds.HARDENING_DYNAMIC_BASE, "ASLR: the loader can move the image (DYNAMIC_BASE with relocations).");
        m.put(CheckIds.HARDENING_HIGH_ENTROPY_VA, "64-bit ASLR (HIGH_ENTROPY_VA with DYNAMIC_BASE).");
        m.put(CheckIds.HARDENING_NX_COMPAT, "DEP: the image is NX-compatible (NX_COMPAT).");
        m.put(CheckIds.HARDENING_GUARD_CF, "Control Flow Guard is on, and the structures its load configuration claims exist.");
        m.put(CheckIds.HARDENING_CET_COMPAT, "The image is CET shadow-stack compatible (/CETCOMPAT).");
        m.put(CheckIds.HARDENING_WX_SECTIONS, "No section is both writable and executable.");
        m.put(CheckIds.HARDENING_FORCE_INTEGRITY, "FORCE_INTEGRITY is set only on a signed DLL (and, when required, set).");
        m.put(CheckIds.AUTHENTICODE_SIGNATURE, "The Authenticode signature is well-formed, verifies and covers the file.");
        m.put(CheckIds.AUTHENTICODE_SIGNER, "The signer is one of hip.signers.");
        m.put(CheckIds.AUTHENTICODE_CHAIN, "The signer's certificate chains to hip.trustStore.");
        m.put(CheckIds.AUTHENTICODE_TIMESTAMP, "The signature's timestamp verifies.");
        m.put(CheckIds.ARTIFACT_SHA256, "The file's SHA-256 is the published one.");
        m.put(CheckIds.ARTIFACT_ATTESTATION, "The DLL has an attestation over its SHA-256 signed by a trusted key.");
        m.put(CheckIds.PACKAGE_CONTENTS, "The release package is safe to read and holds PE files, all verified in time.");
        m.put(CheckIds.PACKAGE_RUNTIME, "The package ships or imports one HIP runtime major.");
        m.put(CheckIds.PACKAGE_SIZE, "The package is within its size budget (hip.package.maxMiB).");
        m.put(CheckIds.PACKAGE_DEPENDENCIES, "Every DLL a file imports is in the package, Windows' own, or allowed.");
        m.put(CheckIds.PACKAGE_KNOWN_DLLS, "No file imports a KnownDLL the package also ships.");
        m.put(CheckIds.PACKAGE_BACKENDS, "Every backend hip.package.backends names is a PE file of the package.");
        m.put(CheckIds.PACKAGE_NAMES, "Every name in the package is one Windows creates as it is.");
        m.put(CheckIds.PACKAGE_FILE, "Every check of the file passed.");
        return m;
    }
}
