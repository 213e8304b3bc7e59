package dev.hipdll.doctor;

import dev.hipdll.dllsearch.DllSearchOrder;
import dev.hipdll.environment.CompilerVariables;
import dev.hipdll.environment.EnvironmentChange;
import dev.hipdll.host.EnvironmentException;
import dev.hipdll.environment.EnvironmentScrubber;
import dev.hipdll.environment.ScrubPolicy;
import dev.hipdll.environment.ScrubResult;
import dev.hipdll.host.Host;
import dev.hipdll.msvc.MsvcResolutionException;
import dev.hipdll.msvc.MsvcToolset;
import dev.hipdll.msvc.ToolsetSelector;
import dev.hipdll.msvc.VisualStudioLocator;
import dev.hipdll.msvc.WindowsSdk;
import dev.hipdll.msvc.WindowsSdkLocator;
import dev.hipdll.process.ProcessResult;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.HipSdkResolver;
import dev.hipdll.sdk.SdkComponent;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.sdk.SdkResolutionException;
import dev.hipdll.sdk.VersionOrder;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * hipdll:doctor: one screen about a machine's HIP setup, building nothing. Items:
 * <ul>
 *   <li>{@code sdk.*}: every resolved HIP SDK component with its origin, the SDK version
 *       ({@code bin/.hipVersion}), clang's version and the runtime DLL's file version;</li>
 *   <li>{@code msvc.toolsets}, {@code windows-sdk} (Windows): what is installed (vswhere and
 *       {@code dev.hipdll.msvc}) and what is pinned;</li>
 *   <li>{@code env.scrub.variables}, {@code env.scrub.path}: what the build's scrub
 *       ({@code dev.hipdll.environment}) would remove; {@code env.whitespace}: values with stray
 *       whitespace ({@link StrayWhitespace});</li>
 *   <li>{@code runtime.files}, {@code runtime.search-order}, {@code runtime.with-dll-directory}:
 *       every {@code amdhip64_<major>.dll} and which one Windows binds ({@link RuntimeItems}).</li>
 * </ul>
 */
public final class Doctor {
    private final FileProbe probe;
    private final ProcessRunner runner;

    /**
     * @param probe  the file system view
     * @param runner runs {@code clang --version}; {@code null} skips it
     */
    public Doctor(FileProbe probe, ProcessRunner runner) {
        this.probe = probe;
        this.runner = runner;
    }

    /** Examines the host. Never throws for what it finds: problems are failed items. */
    public DoctorReport examine(DoctorRequest request) {
        DoctorHost host = request.host();
        List<Check> checks = new ArrayList<>();
        HipSdk sdk = sdk(request, checks);
        msvc(request, checks);

        scrub(request, sdk, checks);
        List<String> ws = new StrayWhitespace(host).find();
        checks.add(new Check(CheckIds.ENV_WHITESPACE, "environment values with stray whitespace", ws.isEmpty() ? Verdict.PASS
                : Verdict.WARN, "no leading/trailing whitespace", ws.isEmpty() ? "none" : ws.size() + " value(s)", ws));

        String runtimeDir = request.runtimeDir() != null ? request.runtimeDir()
                : sdk != null ? sdk.runtimeDll().path().getParent().toString() : null;
        String runtimeName = sdk != null && request.runtimeDir() == null ? sdk.runtimeDllName() : null;
        RuntimeFindings runtime = new RuntimeItems(host, probe, request.hints()).examine(runtimeDir, runtimeName,
                request.applicationDirectory());
        checks.addAll(runtime.checks());
        return new DoctorReport(host.windows(), checks, runtime.dlls(), runtime.runtimeName(), runtime.searchOrder(),
                runtime.firstLoaded());
    }
    private HipSdk sdk(DoctorRequest request, List<Check> checks) {
        HipSdk sdk;
        try {
            sdk = new HipSdkResolver(request.host().windows(), request.host().environment())
                    .resolve(new SdkOverrides(request.sdkRoot(), null, null, null, null, null, null,
                            request.sdkRootPlaces(), request.hints()),
                            request.toolchain());
        } catch (SdkResolutionException e) {
            checks.add(Check.of(CheckIds.SDK, "the HIP SDK resolves", Verdict.FAIL, "a HIP SDK (" + request.hints().name("hip.sdkRoot") + ", HIP_SDK_ROOT,"
                    + " toolchains.xml, HIP_PATH)", e.getMessage().replace('\n', ' ')));
            return null;
        }
        checks.add(Check.of(CheckIds.SDK_VERSION, "HIP SDK version", sdk.version().equals("unknown") ? Verdict.WARN : Verdict.PASS,
                "bin/.hipVersion", sdk.version()));
        for (SdkComponent c : sdk.components()) {
            List<String> details = new ArrayList<>();
            if (c.name().equals("clangDir")) {
                clangVersion(c.path(), request.host()).ifPresent(v -> details.add("clang: " + v));
            }
            if (c.name().equals("runtimeDll")) {
                RuntimeDll d = RuntimeDllScanner.describe("sdk", c.path().getParent().toString(),
                        c.path().getFileName().toString(), c.path());
                details.add("file version " + d.versionText());
            }
            checks.add(new Check(CheckIds.sdkComponent(c.name()), "HIP SDK component " + c.name(), Verdict.PASS, "from " + c.origin(),
                    c.path().toString(), details));
        }
        return sdk;
    }

    /**
     * The first line of {@code clang --version}, run without the variables that edit clang's command line
     * ({@link CompilerVariables#withoutCompilerVariables}), as the build's scrub runs it: with
     * {@code CCC_OVERRIDE_OPTIONS} set clang first prints {@code ### CCC_OVERRIDE_OPTIONS: ...}, which was
     * reported as the version.
     */
    private Optional<String> clangVersion(Path clangDir, DoctorHost host) {
        if (runner == null) {
            return Optional.empty();
        }
        Path clang = clangDir.resolve(host.windows() ? "clang.exe" : "clang");
        ProcessResult r = runner.run(clang, List.of("--version"),
                CompilerVariables.load().withoutCompilerVariables(host.environment(), host.windows(), Set.of()), clangDir,
                line -> { });
        return r.succeeded() && !r.output().isEmpty() ? Optional.of(r.output().get(0).strip()) : Optional.empty();
    }

    /**
     * What the build's scrub ({@link EnvironmentScrubber} with the default policy) would remove from
     * this host's environment: variables, and PATH entries of other installs (with the notices it
     * gives about entries it keeps).
     */
    private void scrub(DoctorRequest request, HipSdk sdk, List<Check> checks) {
        if (sdk == null) {
            String why = "no HIP SDK resolved (the scrub keeps the SDK's own PATH entries, so it needs one)";
            checks.add(Check.of(CheckIds.ENV_SCRUB_VARIABLES, "variables the build's scrub removes", Verdict.SKIP, "-", why));
            checks.add(Check.of(CheckIds.ENV_SCRUB_PATH, "PATH entries the build's scrub drops", Verdict.SKIP, "-", why));
            return;
        }
        ScrubResult result;
        try {
            result = new EnvironmentScrubber(ScrubPolicy.defaults()).scrub(request.host().toHost().environment(),
                    sdk.root().path(), Map.of(), List.of());
        } catch (EnvironmentException e) {
            checks.add(Check.of(CheckIds.ENV_SCRUB_VARIABLES, "variables the build's scrub removes", Verdict.FAIL,
                    "an environment the build can run in", e.getMessage()));
            return;
        }
        List<String> vars = new ArrayList<>();
        List<String> entries = new ArrayList<>();
        List<String> notices = new ArrayList<>();
        for (EnvironmentChange c : result.changes()) {
            switch (c.kind()) {
                case REMOVED -> vars.add(c.name() + "=" + c.before() + "  (" + c.reason() + ")");
                case PATH_ENTRY_REMOVED -> entries.add(c.before() + "  (" + c.reason() + ")");
                case NOTICE -> notices.add(c.infoLine());
                default -> { }
            }
        }
        checks.add(new Check(CheckIds.ENV_SCRUB_VARIABLES, "variables the build's scrub removes", vars.isEmpty() ? Verdict.PASS
                : Verdict.WARN, "no stray HIP/ROCm/CUDA variable", vars.isEmpty() ? "none" : vars.size() + " would be removed",
                vars));
        List<String> details = new ArrayList<>(entries);
        details.addAll(notices);
        // an entry the scrub keeps is named, not warned about: only one it drops is a WARN
        checks.add(new Check(CheckIds.ENV_SCRUB_PATH, "PATH entries the build's scrub drops", entries.isEmpty() ? Verdict.PASS
                : Verdict.WARN, "no other toolchain on PATH", entries.size() + " would be dropped"
                + (notices.isEmpty() ? "" : ", " + notices.size() + " notice(s)"), details));
    }

    /** MSVC toolsets (vswhere, {@link ToolsetSelector}) and the Windows SDK ({@link WindowsSdkLocator}): Windows only. */
    private void msvc(DoctorRequest request, List<Check> checks) {
        DoctorHost host = request.host();
        if (!host.windows()) {
            checks.add(Check.of(CheckIds.MSVC_TOOLSETS, "MSVC toolsets installed and pinned", Verdict.SKIP, "-",
                    "not a Windows host"));
            checks.add(Check.of(CheckIds.WINDOWS_SDK, "Windows SDK", Verdict.SKIP, "-", "not a Windows host"));
            return;
        }
        Host h = host.toHost();
        String pinned = request.vcToolsVersion() != null ? request.vcToolsVersion() : host.get("VCToolsVersion").orElse(null);
        try {
            List<MsvcToolset> installed = ToolsetSelector.installed(new VisualStudioLocator(h,
                    runner != null ? runner : new ProcessRunner(java.time.Duration.ofSeconds(30)), request.hints())
                    .installations(null));
            installed = new ArrayList<>(installed);
            installed.sort((a, b) -> VersionOrder.compare(b.version(), a.version()));
            List<String> details = new ArrayList<>(installed.stream().map(t -> t.version() + "  " + t.dir()).toList());
            Verdict v;
            String found;
            if (installed.isEmpty()) {
                v = Verdict.FAIL;
                found = "no toolset in the Visual Studio installations vswhere lists";
            } else if (pinned == null || pinned.isBlank()) {
                v = Verdict.WARN;
                found = "not pinned: hipcc's clang takes the newest, " + installed.get(0).version();
                details.add("pin one with " + request.hints().name("hip.vcToolsVersion")
                        + " (toolsets 14.50 and newer break HIP's <cmath>)");
            } else if (installed.stream().anyMatch(t -> t.version().equals(pinned.strip()))) {
                v = Verdict.PASS;
                found = "pinned " + pinned.strip() + " (installed)";
            } else {
                v = Verdict.FAIL;
                found = "pinned " + pinned + " is not installed";
            }
            checks.add(new Check(CheckIds.MSVC_TOOLSETS, "MSVC toolsets installed and pinned", v, "an installed toolset, pinned",
                    found, details));
        } catch (MsvcResolutionException e) {
            checks.add(Check.of(CheckIds.MSVC_TOOLSETS, "MSVC toolsets installed and pinned", Verdict.FAIL,
                    "an installed toolset, pinned", e.getMessage()));
        }
        String wanted = host.get("WindowsSDKVersion").map(s -> s.replace("\\", "").strip()).filter(s -> !s.isEmpty())
                .orElse(null);
        try {
            WindowsSdk w = new WindowsSdkLocator(h, request.hints()).locate(null, wanted);
            checks.add(Check.of(CheckIds.WINDOWS_SDK, "Windows SDK", Verdict.PASS, wanted == null ? "the newest installed"
                    : "WindowsSDKVersion " + wanted, w.version() + " in " + w.root()));
        } catch (MsvcResolutionException e) {
            checks.add(Check.of(CheckIds.WINDOWS_SDK, "Windows SDK", Verdict.FAIL, wanted == null ? "an installed Windows SDK"
                    : "WindowsSDKVersion " + wanted, e.getMessage()));
        }
    }




}
