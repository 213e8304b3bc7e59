package dev.hipdll.maven;

import dev.hipdll.host.Host;
import dev.hipdll.doctor.DoctorHost;
import dev.hipdll.doctor.DoctorJson;
import dev.hipdll.doctor.DoctorReport;
import dev.hipdll.goal.DoctorSettings;
import dev.hipdll.io.IoProblem;
import dev.hipdll.io.OutputDirectory;
import dev.hipdll.io.UnwritableDirectoryException;
import dev.hipdll.report.CheckTable;
import dev.hipdll.sdk.HipToolchain;
import dev.hipdll.sdk.SdkResolutionException;
import java.io.File;
import java.io.IOException;
import java.util.Collections;
import java.util.Optional;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Shows this machine's HIP setup in one screen and builds nothing: the resolved SDK components with
 * origin and version, the MSVC toolsets and Windows SDKs (Windows), what the environment scrub would
 * remove, values with stray whitespace, every {@code amdhip64_<major>.dll} on PATH, in System32 and
 * in the runtime directory with file versions, and which one Windows would load first. Runs without
 * a project ({@code mvn dev.hipdll:hipdll-maven-plugin:<version>:doctor}); also writes
 * {@code doctor.json}.
 */
@Mojo(name = "doctor", requiresProject = false, threadSafe = true, configurator = "hipdll")
public class DoctorMojo extends AbstractHipdllMojo {

    /** The HIP SDK root; defaults to the environment variable {@code HIP_SDK_ROOT}, then a {@code hip} toolchain in toolchains.xml, then {@code HIP_PATH}. */
    @Parameter(property = "hip.sdkRoot")
    File sdkRoot;

    /** Version (or version prefix) of the {@code hip} toolchain to take from toolchains.xml; default the highest. */
    @Parameter(property = "hip.toolchainVersion")
    String toolchainVersion;


    /** The runtime directory the host binds {@code amdhip64_<major>.dll} from; default: the SDK's {@code bin}. */
    @Parameter(property = "hip.runtimeDir")
    File runtimeDir;

    /** The host application's folder (first in the DLL search order); unset: not considered. */
    @Parameter(property = "hip.appDir")
    File appDir;

    /** The MSVC toolset the build pins; default: {@code VCToolsVersion} from the environment. */
    @Parameter(property = "hip.vcToolsVersion")
    String vcToolsVersion;

    /** Where the JSON report is written. */
    @Parameter(property = "hip.doctor.output", defaultValue = "${project.build.directory}/hipdll/doctor.json")
    File output;

    /** Fail the build when an item fails (by default doctor only reports). */
    @Parameter(property = "hip.doctor.failOnError", defaultValue = "false")
    boolean failOnError;

    @Override
    String goal() {
        return "doctor";
    }

    /** Skip hipdll:doctor only ({@code hip.skip} skips every goal). */
    @Parameter(property = "hip.doctor.skip", defaultValue = "false")
    boolean skipDoctor;

    @Override
    boolean goalSkip() {
        return skipDoctor;
    }

    @Override
    void run() throws MojoExecutionException, MojoFailureException {
        Host real = host();
        DoctorHost host = new DoctorHost(real.isWindows(), real.environment().toMap());
        Optional<HipToolchain> toolchain;
        try {
            toolchain = HipToolchains.choose(session, toolchainVersion, getLog()::warn);
        } catch (SdkResolutionException e) {
            throw new MojoFailureException(e.getMessage());
        }
        DoctorReport report = new DoctorSettings().sdkRoot(path(sdkRoot)).runtimeDir(path(runtimeDir))
                .appDir(path(appDir)).vcToolsVersion(vcToolsVersion).examine(host, toolchain,
                        CommandLineProperties.places(session, Collections.singletonMap("hip.sdkRoot", sdkRoot)));
        TableLog.log(getLog(), new CheckTable().table("hipdll:doctor (" + System.getProperty("os.name") + ")",
                report.checks(), "SETUP OK", "SETUP HAS PROBLEMS"));
        Optional<File> json = ProjectlessPaths.doctorOutput(output, session);
        if (json.isEmpty()) {  // outside a project no target/ is made in the current directory
            getLog().info("no project here: doctor.json is not written (-Dhip.doctor.output=<file> writes it)");
        } else {
            output = json.get();
            try {
                OutputDirectory.prepare(output.toPath().toAbsolutePath().getParent(), "report directory",
                        "hip.doctor.output");
                new DoctorJson().write(report, output.toPath());
            } catch (UnwritableDirectoryException e) {
                throw new MojoFailureException(e.getMessage());
            } catch (IOException e) {
                throw new MojoExecutionException("cannot write " + output + ": " + IoProblem.describe(e), e);
            }
            getLog().info("written " + output);
        }
        if (failOnError && !report.passed()) {
            throw new MojoFailureException("hipdll:doctor found problems (see the table above)");
        }
    }
}
