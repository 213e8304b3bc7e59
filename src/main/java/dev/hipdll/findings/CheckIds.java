package dev.hipdll.findings;

import java.util.List;

/**
 * The one registry of check ids: every id a goal reports is a constant here, grouped by who makes it:
 * verify's checks of one DLL ({@link #ALL}, in report order; {@code hip.checks.skip} takes these), the checks the
 * release gate adds that cannot be skipped ({@link #GATE}), a release package's ({@link #PACKAGE}), hipdll:load-check's
 * ({@link #LOAD_CHECK}) and hipdll:doctor's ({@link #DOCTOR}, plus one {@code sdk.<component>} row per SDK component,
 * {@link #sdkComponent}). No id is written as a string literal anywhere else (CheckIdRegistryTest).
 */
public final class CheckIds {
    // One constant per check; docs/verify.md and docs/verify-reference.md say what each reads and when it fails.
    public static final String PE_FORMAT = "pe.format";
    public static final String PE_MACHINE = "pe.machine";
    public static final String PE_DLL = "pe.dll";
    public static final String PE_LOADABLE = "pe.loadable";
    public static final String PE_OVERLAY = "pe.overlay";
    public static final String IMPORTS_ALLOWED = "imports.allowed";
    public static final String IMPORTS_FORBIDDEN = "imports.forbidden";
    public static final String RUNTIME_MAJOR = "runtime.major";
    public static final String EXPORTS_PREFIX = "exports.prefix";
    public static final String EXPORTS_COUNT = "exports.count";
    public static final String EXPORTS_REQUIRED = "exports.required";
    public static final String EXPORTS_OPTIONAL = "exports.optional";
    public static final String EXPORTS_EXTRA = "exports.extra";
    public static final String EXPORTS_OTHER = "exports.other";
    public static final String EXPORTS_DECORATED = "exports.decorated";
    public static final String EXPORTS_DUPLICATES = "exports.duplicates";
    public static final String DEVICE_TARGETS = "device-code.targets";
    public static final String DEVICE_CODE_OBJECTS = "device-code.code-objects";
    public static final String DEVICE_WRAPPERS = "device-code.wrappers";
    public static final String DEVICE_FORMAT = "device-code.format";
    public static final String DEVICE_SIZE = "device-code.size";
    public static final String DEVICE_GPUS = "device-code.gpus";
    public static final String DEVICE_DEBUG = "device-code.debug";
    public static final String PATHS_PDB = "paths.pdb";
    public static final String PATHS_BUILD = "paths.build";
    public static final String ARTIFACT_BUILT = "artifact.built";
    // The mitigations a linker decides (HardeningChecks)
    public static final String HARDENING_DYNAMIC_BASE = "hardening.dynamic-base";
    public static final String HARDENING_HIGH_ENTROPY_VA = "hardening.high-entropy-va";
    public static final String HARDENING_NX_COMPAT = "hardening.nx-compat";
    public static final String HARDENING_GUARD_CF = "hardening.guard-cf";
    public static final String HARDENING_CET_COMPAT = "hardening.cet-compat";
    public static final String HARDENING_WX_SECTIONS = "hardening.wx-sections";
    public static final String HARDENING_FORCE_INTEGRITY = "hardening.force-integrity";
    // The Authenticode signature (SignatureChecks)
    public static final String AUTHENTICODE_SIGNATURE = "authenticode.signature";
    public static final String AUTHENTICODE_SIGNER = "authenticode.signer";
    public static final String AUTHENTICODE_CHAIN = "authenticode.chain";
    public static final String AUTHENTICODE_TIMESTAMP = "authenticode.timestamp";
    // A release package (hip.package): per package, then per PE file beside that file's checks.
    public static final String PACKAGE_CONTENTS = "package.contents";
    public static final String PACKAGE_RUNTIME = "package.runtime";
    public static final String PACKAGE_SIZE = "package.size";
    public static final String PACKAGE_DEPENDENCIES = "package.dependencies";
    public static final String PACKAGE_KNOWN_DLLS = "package.known-dlls";
    // A package is a release (the backends present, names Windows can hold, a bounded report)
    public static final String PACKAGE_BACKENDS = "package.backends";
    public static final String PACKAGE_NAMES = "package.names";
    public static final String PACKAGE_FILE = "package.file";

    // The release gate (dev.hipdll.gate): checks of how a DLL arrived, never skipped.
    public static final String ARTIFACT_SHA256 = "artifact.sha256";
    public static final String ARTIFACT_ATTESTATION = "artifact.attestation";
    // hipdll:load-check (dev.hipdll.loadcheck): the DLL loaded on Windows.
    public static final String LOAD = "load";
    public static final String RUNTIME_PRESENT = "runtime.present";
    public static final String RUNTIME_BOUND = "runtime.bound";
    public static final String SYMBOLS_REQUIRED = "symbols.required";
    public static final String SYMBOLS_OPTIONAL = "symbols.optional";
    public static final String SYMBOLS_COUNT = "symbols.count";
    public static final String DEVICE_REGISTERED = "device-code.registered";
    // hipdll:doctor (dev.hipdll.doctor): the build machine.
    public static final String ENV_WHITESPACE = "env.whitespace";
    public static final String SDK = "sdk";
    public static final String SDK_VERSION = "sdk.version";
    public static final String ENV_SCRUB_VARIABLES = "env.scrub.variables";
    public static final String ENV_SCRUB_PATH = "env.scrub.path";
    public static final String MSVC_TOOLSETS = "msvc.toolsets";
    public static final String WINDOWS_SDK = "windows-sdk";
    public static final String RUNTIME_SEARCH_ORDER = "runtime.search-order";
    public static final String RUNTIME_WITH_DLL_DIRECTORY = "runtime.with-dll-directory";
    public static final String RUNTIME_FILES = "runtime.files";

    /** The checks the release gate adds to a DLL's (and a package backend's) after verify's; none can be skipped. */
    public static final List<String> GATE = List.of(ARTIFACT_SHA256, ARTIFACT_ATTESTATION);

    /** hipdll:load-check's checks, in report order. */
    public static final List<String> LOAD_CHECK = List.of(LOAD, RUNTIME_PRESENT, RUNTIME_BOUND, SYMBOLS_REQUIRED,
            SYMBOLS_OPTIONAL, SYMBOLS_COUNT, DEVICE_REGISTERED);

    /** hipdll:doctor's fixed checks (besides one {@link #sdkComponent} row per SDK component). */
    public static final List<String> DOCTOR = List.of(ENV_WHITESPACE, SDK, SDK_VERSION, ENV_SCRUB_VARIABLES,
            ENV_SCRUB_PATH, MSVC_TOOLSETS, WINDOWS_SDK, RUNTIME_SEARCH_ORDER, RUNTIME_WITH_DLL_DIRECTORY, RUNTIME_FILES);

    /** The checks of a release package ({@code hip.package}); {@code package.contents} cannot be skipped. */
    public static final List<String> PACKAGE = List.of(PACKAGE_CONTENTS, PACKAGE_RUNTIME, PACKAGE_SIZE,
            PACKAGE_DEPENDENCIES, PACKAGE_KNOWN_DLLS, PACKAGE_BACKENDS);

    /**
     * The package's findings that are reported and never skipped, so not {@link #known} to {@code hip.checks.skip}:
     * {@code package.names} (names Windows cannot hold; such files are never unpacked) and {@code package.file} (the
     * one line a passing file is summarised to in a package of many files).
     */
    public static final List<String> PACKAGE_REPORTED = List.of(PACKAGE_NAMES, PACKAGE_FILE);

    /** Every id; {@code pe.format} cannot be skipped (nothing else can run without it). */
    public static final List<String> ALL = List.of(PE_FORMAT, PE_MACHINE, PE_DLL, PE_LOADABLE, PE_OVERLAY, IMPORTS_ALLOWED,
            IMPORTS_FORBIDDEN, RUNTIME_MAJOR, EXPORTS_PREFIX, EXPORTS_COUNT, EXPORTS_REQUIRED, EXPORTS_OPTIONAL, EXPORTS_EXTRA,
            EXPORTS_OTHER,
            EXPORTS_DECORATED, EXPORTS_DUPLICATES, DEVICE_TARGETS, DEVICE_CODE_OBJECTS, DEVICE_WRAPPERS, DEVICE_FORMAT,
            DEVICE_SIZE, DEVICE_GPUS, DEVICE_DEBUG, PATHS_PDB, PATHS_BUILD, ARTIFACT_BUILT,
            HARDENING_DYNAMIC_BASE, HARDENING_HIGH_ENTROPY_VA, HARDENING_NX_COMPAT, HARDENING_GUARD_CF, HARDENING_CET_COMPAT,
            HARDENING_WX_SECTIONS, HARDENING_FORCE_INTEGRITY,
            AUTHENTICODE_SIGNATURE, AUTHENTICODE_SIGNER, AUTHENTICODE_CHAIN, AUTHENTICODE_TIMESTAMP);

    private CheckIds() {
    }

    /** Every id of every group, each once: {@link #ALL}, {@link #GATE}, {@link #PACKAGE}, {@link #LOAD_CHECK}, {@link #DOCTOR}. */
    public static List<String> every() {
        List<String> all = new java.util.ArrayList<>(ALL);
        all.addAll(GATE);
        all.addAll(PACKAGE);
        all.addAll(LOAD_CHECK);
        all.addAll(DOCTOR);
        return List.copyOf(all);
    }

    /** The doctor's row for one HIP SDK component, {@code sdk.<name>} (e.g. {@code sdk.clang}). */
    public static String sdkComponent(String name) {
        return SDK + "." + name;
    }

    /** Whether {@code idOrPrefix} names a check or a group (a prefix ending in {@code .}, e.g. {@code exports.}). */
    public static boolean known(String idOrPrefix) {
        return ALL.stream().anyMatch(id -> id.equals(idOrPrefix) || idOrPrefix.endsWith(".") && id.startsWith(idOrPrefix))
                || PACKAGE.stream().anyMatch(id -> id.equals(idOrPrefix) || idOrPrefix.endsWith(".") && id.startsWith(idOrPrefix));
    }
}
