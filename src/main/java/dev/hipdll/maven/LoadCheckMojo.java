package dev.hipdll.maven;

import dev.hipdll.parameter.NumericParameters;
import dev.hipdll.parameter.ParameterException;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.host.Host;
import dev.hipdll.io.IoProblem;
import dev.hipdll.io.OutputDirectory;
import dev.hipdll.io.UnwritableDirectoryException;
import dev.hipdll.loadcheck.KernelLibraryDirs;
import dev.hipdll.loadcheck.Launcher;
import dev.hipdll.loadcheck.LoadCheckException;
import dev.hipdll.loadcheck.LoadCheckOptions;
import dev.hipdll.loadcheck.LoadCheckReport;
import dev.hipdll.loadcheck.LoadChecker;
import dev.hipdll.loadcheck.SharedWinePrefix;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.report.CheckTable;
import dev.hipdll.report.JUnitXmlReport;
import dev.hipdll.report.LoadCheckJson;
import dev.hipdll.sdk.HipToolchain;
import dev.hipdll.sdk.HipSdkResolver;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.sdk.SdkResolutionException;
import dev.hipdll.gfx.GfxTarget;
import dev.hipdll.gfx.GfxTargetList;
import dev.hipdll.gfx.InvalidTargetException;
import dev.hipdll.verify.DllChoice;
import dev.hipdll.findings.Verdict;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.execution.MavenSession;

/**
 * Proves that the backend DLL loads: compiles a small loader program (shipped in the plugin) with
 * the HIP SDK's clang, runs it against the DLL with the runtime directory chosen explicitly, and
 * reports whether {@code LoadLibraryExW} loads it, which {@code amdhip64_<major>.dll} it bound and
 * whether that is the configured one, how many contract names {@code GetProcAddress} resolves, and
 * (with the stand-in runtime) which gfx targets' device code registered. Natively on Windows;
 * elsewhere under Wine with {@code -Dhip.loadCheck.launcher=wine}.
 */
@Mojo(name = "load-check", defaultPhase = LifecyclePhase.VERIFY, requiresProject = false, threadSafe = true,
        configurator = "hipdll")
public class LoadCheckMojo extends AbstractContractMojo {

    // DoctorMojo declares hip.runtimeDir too (no common superclass has exactly the two): same javadoc, SharedParametersTest
    /**
     * The directory the host binds the runtime ({@code amdhip64_<major>.dll}) from; hipdll:doctor shows which runtime
     * Windows would load there, hipdll:load-check fails unless the DLL's runtime is bound from there; default: the
     * SDK's {@code bin}.
     */
    @Parameter(property = "hip.runtimeDir")
    File runtimeDir;

    /** How the loader program runs: {@code native} (Windows) or {@code wine}. */
    @Parameter(property = "hip.loadCheck.launcher", defaultValue = "native")
    String launcher;

    /** The wine executable (with {@code launcher=wine}). */
    @Parameter(property = "hip.loadCheck.wine", defaultValue = "wine")
    String wine;

    /** The wineserver executable, used to stop the prefix's server after the check. */
    @Parameter(property = "hip.loadCheck.wineserver", defaultValue = "wineserver")
    String wineserver;

    /**
     * The Wine prefix: created once (about 5 s, 700 MB), then reused, one load check at a time. Unset: one prefix per
     * user and Wine version, shared by every project ({@code ~/.cache/hipdll/wine-prefixes/<wine version>}, under
     * {@code $XDG_CACHE_HOME} when set).
     */
    @Parameter(property = "hip.loadCheck.winePrefix")
    File winePrefix;

    /**
     * Directories searched for {@code kernel32.lib} when linking the loader program, before the SDK's own
     * {@code lib/msvc-standin} (the stand-in SDK's, found without this), the Windows SDK's
     * {@code Lib/<version>/um/x64} (Windows) and lld-link's own {@code LIB}.
     */
    @Parameter(property = "hip.loadCheck.libDirs")
    List<File> libDirs = List.of();

    /**
     * Timeout of one loader program run (and of compiling it): whole seconds ({@code 120}) or with a unit
     * ({@code 90s}, {@code 2m}); the process tree is killed after it.
     */
    @Parameter(property = "hip.loadCheck.timeout", defaultValue = "120")
    Duration timeout;

    /** Where the loader program, its request and its output are written. */
    @Parameter(property = "hip.loadCheck.workDirectory", defaultValue = "${project.build.directory}/hipdll/load-check")
    File workDirectory;


    @Override
    String goal() {
        return "load-check";
    }

    /** Skip hipdll:load-check only ({@code hip.skip} skips every goal). */
    @Parameter(property = "hip.loadCheck.skip", defaultValue = "false")
    boolean skipLoadCheck;

    @Override
    boolean goalSkip() {
        return skipLoadCheck;
    }

    @Override
    void run() throws MojoExecutionException, MojoFailureException {
        useTheProjectsExecutionConfiguration(session);
        try { // before anything changes
            new NumericParameters().range("hip.loadCheck.timeout", timeout == null ? 0 : timeout.getSeconds(), 1,
                    Integer.MAX_VALUE, "seconds").check();
        } catch (ParameterException e) {
            throw parameterError(e.getMessage());
        }
        DllChoice choice = chooseDll();
        Host host = host();
        Launcher l = launcher(host);
        List<String> targets = targets();
        AbiContract abi = contract(contract, expectedExports);
        if (abi instanceof AbiContract.NamedContract n && n.loaderPrefix().filter(AbiContract.LoaderPrefix::disagrees).isPresent()) {
            AbiContract.LoaderPrefix lp = n.loaderPrefix().get();
            throw new MojoFailureException("contract: hip.exportPrefix is \"" + lp.configured().get() + "\" but the loader"
                    + " looks names up as \"" + lp.prefix() + "\" + name (" + lp.where() + "); remove hip.exportPrefix or"
                    + " make them agree");
        }
        prepareReportDirectory();
        LoadCheckOptions options = options(host, abi, targets, l);
        if (!Files.exists(dll.toPath())) {
            throw new MojoFailureException("hipdll:load-check: no such file: " + choice.missingHint());
        }
        getLog().info("load check of " + dll + " with the runtime directory " + options.runtimeDir() + " (launcher " + launcher
                + "), contract: " + abi.origin());
        LoadCheckReport report;
        try {
            report = new LoadChecker(line -> getLog().info(line)).check(options, host.environment().toMap());
        } catch (LoadCheckException e) {
            throw new MojoExecutionException(e.getMessage());
        }
        logReport(report);
        writeReports(report);
        if (!report.passed()) {
            throw new MojoFailureException("hipdll:load-check rejected " + report.dll() + ": " + report.failureSummary()
                    + " (table above)");
        }
    }

    /** The DLL to check (hip.dll, else the one this build wrote), with what verify says of the choice. */
    private DllChoice chooseDll() throws MojoFailureException {
        dll = ProjectlessPaths.requiredDll(dll, session);
        DllChoice choice = BuiltDllContext.choose(dll, session, session == null ? null : session.getCurrentProject());
        if (choice.verdict() == Verdict.FAIL || choice.verdict() == Verdict.WARN) {
            String why = choice.check().details().get(0);
            if (choice.verdict() == Verdict.FAIL) {
                throw new MojoFailureException("hipdll:load-check: " + why);
            }
            getLog().warn(why);
        }
        dll = choice.dll().toFile();
        return choice;
    }

    /** hip.loadCheck.launcher: native (Windows only) or wine. */
    private Launcher launcher(Host host) throws MojoFailureException, MojoExecutionException {
        boolean windows = host.isWindows();
        return switch (launcher == null ? "" : launcher.strip().toLowerCase(Locale.ROOT)) {
            case "native" -> {
                if (!windows) {
                    throw new MojoFailureException("hipdll:load-check runs a Windows program: on this "
                            + System.getProperty("os.name") + " host set -Dhip.loadCheck.launcher=wine (Wine 8: apt-get"
                            + " install wine64 wine)");
                }
                yield new Launcher.Native();
            }
            case "wine" -> new Launcher.Wine(wine, wineserver, winePrefix != null ? winePrefix.toPath()
                    : sharedWinePrefix(host));
            default -> throw parameterError("hip.loadCheck.launcher: expected native or wine, got '" + launcher + "'");
        };
    }

    /** The Wine prefix shared by the user's load checks, for this Wine's version. */
    private Path sharedWinePrefix(Host host) throws MojoExecutionException {
        try {
            Map<String, String> env = host.environment().toMap();
            return SharedWinePrefix.location(env, Path.of(System.getProperty("user.home")),
                    SharedWinePrefix.wineVersion(wine, env, new ProcessRunner(Duration.ofSeconds(60))));
        } catch (LoadCheckException e) {
            throw new MojoExecutionException(e.getMessage());
        }
    }

    /** hip.arch as gfx target IDs (empty: no device code check). */
    private List<String> targets() throws MojoFailureException {
        try {
            return arch == null || arch.isBlank() ? List.of()
                    : GfxTargetList.parse(arch).targets().stream().map(GfxTarget::toString).toList();
        } catch (InvalidTargetException e) {
            throw parameterError("hip.arch: " + e.getMessage());
        }
    }

    /** Before the SDK, the compile and the Wine run: a report directory in the way fails at once, old reports go. */
    private void prepareReportDirectory() throws MojoExecutionException, MojoFailureException {
        try {
            OutputDirectory.prepare(reportDirectory(), "report directory", "hip.reportDirectory");
            // an earlier run's reports must not outlive a run that ends without a verdict (no Wine, a compile error)
            Files.deleteIfExists(reportDirectory().resolve(LoadCheckJson.FILE_NAME));
            Files.deleteIfExists(reportDirectory().resolve(JUnitXmlReport.fileName(goal())));
        } catch (UnwritableDirectoryException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("cannot delete the previous load-check reports in " + reportDirectory()
                    + ": " + IoProblem.describe(e), e);
        }
    }

    /** The SDK choice, made once (toolchains.xml's problems are warned about once). */
    private Sdk sdk;

    @Override
    Sdk sdkForContract() throws SdkResolutionException {
        if (sdk == null) {
            sdk = new Sdk(sdkRootOnly(sdkRoot), HipToolchains.choose(session, toolchainVersion, getLog()::warn));
        }
        return sdk;
    }

    @Override
    Duration contractTimeout() {
        return timeout;
    }

    /** The core request: only what load-check runs from the SDK (clang, lld-link, the runtime unless hip.runtimeDir names it). */
    private LoadCheckOptions options(Host host, AbiContract abi, List<String> targets, Launcher l) throws MojoFailureException {
        Path clangDir;
        Path rtDir;
        Path sdkRootDir;
        try {
            SdkOverrides overrides = sdkForContract().overrides();
            Optional<HipToolchain> toolchain = sdkForContract().toolchain();
            HipSdkResolver resolver = new HipSdkResolver(host);
            clangDir = resolver.resolveClangDir(overrides, toolchain).path();
            sdkRootDir = resolver.resolveRoot(overrides, toolchain).path();
            rtDir = runtimeDir != null ? runtimeDir.toPath()
                    : resolver.resolveRuntimeDll(overrides, toolchain,
                            "Set -Dhip.runtimeDir=<dir> to choose the runtime directory explicitly.").path().getParent();
        } catch (SdkResolutionException e) {
            throw new MojoFailureException(e.getMessage());
        }
        String exe = host.isWindows() ? ".exe" : "";
        return new LoadCheckOptions(dll.toPath(), rtDir, abi, targets,
                clangDir.resolve("clang" + exe), clangDir.resolve("lld-link" + exe),
                KernelLibraryDirs.of(host, libDirs == null ? List.of() : libDirs.stream().map(File::toPath).toList(),
                        host.environment().get("WindowsSDKVersion").map(v -> v.replace("\\", "").strip())
                                .filter(v -> !v.isEmpty()).orElse(null), sdkRootDir), l,
                ProjectlessPaths.orCurrentTarget(workDirectory, "hipdll/load-check").toPath(),
                timeout);
    }

    /** The table, the bound runtime, the registered targets and the symbol count, at info. */
    private void logReport(LoadCheckReport report) {
        TableLog.log(getLog(), new CheckTable().table("hipdll:load-check " + report.dll(), report.checks(), "DLL LOADS",
                "DLL DOES NOT LOAD AS ITS HOST NEEDS"));
        getLog().info("bound runtime: " + report.boundRuntime().orElse("(none)"));
        getLog().info("registered gfx targets: " + (report.registeredTargets().isEmpty() ? "(none recorded)"
                : String.join(", ", report.registeredTargets())));
        getLog().info(report.resolved() + " of " + report.requested() + " symbols resolved");
    }

    /** load-check.json and TEST-hipdll-load-check.xml, for CI. */
    private void writeReports(LoadCheckReport report) throws MojoExecutionException {
        Path dir = reportDirectory();
        Path json = dir.resolve(LoadCheckJson.FILE_NAME);
        Path xml = dir.resolve(JUnitXmlReport.fileName(goal()));
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("runtimeDir", report.runtimeDir().toAbsolutePath().toString());
        facts.put("boundRuntime", report.boundRuntime().orElse(""));
        facts.put("registeredTargets", String.join(",", report.registeredTargets()));
        facts.put("resolved", report.resolved() + " of " + report.requested());
        try {
            new LoadCheckJson().write(report, json);
            new JUnitXmlReport().write(goal(), report.dll(), facts, report, xml);
        } catch (IOException e) {
            throw new MojoExecutionException("cannot write the load-check reports to " + dir + ": " + IoProblem.describe(e), e);
        }
        getLog().info("reports: " + json + ", " + xml);
    }

    /** {@code hip.reportDirectory}, else {@code target/hipdll} in a project, else under the current directory. */
    private Path reportDirectory() {
        boolean projectPresent = session != null && session.getRequest().isProjectPresent()
                && session.getCurrentProject() != null;
        return ProjectlessPaths.reportDirectory(reportDirectory,
                projectPresent ? session.getCurrentProject().getBuild().getDirectory() : null, Path.of(""));
    }
}
