package dev.hipdll.maven;

import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import java.io.File;
import java.nio.file.Path;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What every hipdll goal shares: the {@code hip.skip} parameter (checked before anything else runs),
 * the {@link Host} made from the real process ({@code os.name}, {@code System.getenv()}: the only place
 * the plugin reads them, so the core takes them as values), and {@code File} to {@code Path} mapping of
 * optional parameters.
 */
abstract class AbstractHipdllMojo extends AbstractMojo {

    /** Skip this goal. */
    @Parameter(property = "hip.skip", defaultValue = "false")
    boolean skip;

    /** The goal's name, as in {@code hipdll:<goal>}. */
    abstract String goal();

    /** Runs the goal (not called when {@code hip.skip} is set). */
    abstract void run() throws MojoExecutionException, MojoFailureException;

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("hipdll:" + goal() + " skipped (hip.skip)");
            skipped();
            return;
        }
        run();
    }

    /** Called instead of {@link #run()} when {@code hip.skip} is set; nothing by default. */
    void skipped() {
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
