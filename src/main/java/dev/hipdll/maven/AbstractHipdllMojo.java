package dev.hipdll.maven;

import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What every hipdll goal shares, in the order {@link #execute} applies it:
 * <ol>
 *   <li>parameters that {@link HipdllConfigurator} could not convert fail the goal, each named by its
 *       property ({@code hip.timeout: '10x' is not a duration ...}), after {@link #configurationFailed};</li>
 *   <li>unknown {@code hip.*} properties and unknown {@code <configuration>} elements are warned about
 *       ({@link UnknownParameterCheck});</li>
 *   <li>{@code hip.skip} (every goal) and the goal's own skip ({@code hip.build.skip}, ...) skip it, and so
 *       does a reason of the goal's own ({@link #selfSkip}: the DLL goals after a shard build);</li>
 *   <li>the goal {@link #run runs}.</li>
 * </ol>
 * Also the {@link Host} made from the real process ({@code os.name}, {@code System.getenv()}: the only
 * place the plugin reads them, so the core takes them as values), a log whose lines name the module in
 * a parallel build ({@link ModuleLog}), and {@code File} to {@code Path} mapping of optional parameters.
 *
 * <p>A parameter that several goals take is declared once, here or in a subclass the goals share
 * ({@link AbstractGfxMojo}: {@code hip.arch}; {@link AbstractContractMojo}: the DLL, its contract and the report
 * directory), with one Java type and one description that is right for every goal that has it
 * ({@code SharedParametersTest} reads the plugin descriptor and holds it). Every goal takes the HIP SDK
 * ({@code hip.sdkRoot}, {@code hip.toolchainVersion}).
 */
abstract class AbstractHipdllMojo extends AbstractMojo {

    /** Skip every hipdll goal (each goal also has its own skip, e.g. {@code hip.build.skip}). */
    @Parameter(property = "hip.skip", defaultValue = "false")
    boolean skip;

    /**
     * The HIP SDK root. hipdll:build compiles and links with it, hipdll:doctor examines it, hipdll:load-check builds
     * its loader program with its clang and lld-link, hipdll:verify preprocesses the loader source
     * ({@code hip.contract}) with its clang and fails a DLL that names it ({@code paths.build}). Unset: the
     * environment variable {@code HIP_SDK_ROOT}, then a {@code hip} toolchain in toolchains.xml, then
     * {@code HIP_PATH} (the build-path check of hipdll:verify looks for {@code HIP_SDK_ROOT}, else {@code HIP_PATH}).
     */
    @Parameter(property = "hip.sdkRoot")
    File sdkRoot;

    /** Version (or version prefix) of the {@code hip} toolchain to take from toolchains.xml; default the highest. */
    @Parameter(property = "hip.toolchainVersion")
    String toolchainVersion;

    @Parameter(defaultValue = "${session}", readonly = true)
    MavenSession session;

    @Parameter(defaultValue = "${mojoExecution}", readonly = true)
    MojoExecution mojoExecution;

    private final List<String> configurationProblems = new ArrayList<>();
    private Log moduleLog;

    /** The goal's name, as in {@code hipdll:<goal>}. */
    abstract String goal();

    /** The goal's own skip parameter's value ({@code hip.<goal>.skip}). */
    abstract boolean goalSkip();

    /** The property of the goal's own skip: {@code hip.build.skip}, {@code hip.loadCheck.skip}, ... */
    String goalSkipProperty() {
        StringBuilder sb = new StringBuilder("hip.");
        boolean upper = false;
        for (char c : goal().toCharArray()) {
            if (c == '-') {
                upper = true;
            } else {
                sb.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return sb.append(".skip").toString();
    }

    /** Runs the goal (not called when it is skipped or a parameter could not be converted). */
    abstract void run() throws MojoExecutionException, MojoFailureException;

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        // also before a conversion error fails the goal: a misspelt name may be its cause
        UnknownParameterCheck.warn(session, mojoExecution, getPluginContext(), getLog());
        if (!configurationProblems.isEmpty()) {
            configurationFailed();
            throw new MojoFailureException("hipdll:" + goal() + ": " + String.join("; ", configurationProblems));
        }
        if (skip || goalSkip()) {
            getLog().info("hipdll:" + goal() + " skipped (" + (skip ? "hip.skip" : goalSkipProperty()) + ")");
            skipped();
            return;
        }
        java.util.Optional<String> reason = selfSkip();
        if (reason.isPresent()) {
            getLog().info("hipdll:" + goal() + " skipped: " + reason.get());
            skipped();
            return;
        }
        run();
    }

    /**
     * A parameter's value is refused ({@code message} names its property): the failure, prefixed with the goal
     * as a conversion error is ({@code hipdll:build: hip.timeout: 0 is outside 1..2147483647 (seconds)}).
     */
    MojoFailureException parameterError(String message) {
        return new MojoFailureException("hipdll:" + goal() + ": " + message);
    }

    /** Called by {@link HipdllConfigurator}: the parameters it could not convert, each naming its property. */
    void configurationProblems(List<String> problems) {
        configurationProblems.addAll(problems);
    }

    /**
     * Why this goal has nothing to do in this build although no skip switch is set, or empty (the default): a goal
     * that reads the DLL says so after {@code hipdll:build} ran as a shard build, which links no DLL.
     */
    java.util.Optional<String> selfSkip() {
        return java.util.Optional.empty();
    }

    /** Called instead of {@link #run()} when the goal is skipped; nothing by default. */
    void skipped() {
    }

    /** Called before the goal fails for parameters that could not be converted; nothing by default. */
    void configurationFailed() {
    }

    /**
     * The mojo's log; in a parallel build ({@code mvn -T}) every line is prefixed with the module's
     * artifactId, {@code [colibri-backend] }, so interleaved lines can be told apart.
     */
    @Override
    public Log getLog() {
        if (moduleLog == null) {
            Log log = super.getLog();
            if (session != null && session.isParallel() && session.getCurrentProject() != null) {
                log = new ModuleLog(log, "[" + session.getCurrentProject().getArtifactId() + "] ");
            }
            moduleLog = log;
        }
        return moduleLog;
    }

    /** This machine: its OS family (from {@code os.name}) and its environment. Tests override it to pose as another host. */
    Host host() {
        return Host.of(OsFamily.fromOsName(System.getProperty("os.name")), System.getenv());
    }

    /** {@code f} as a path, {@code null} for an unset parameter. */
    static Path path(File f) {
        return f == null ? null : f.toPath();
    }
}
