package dev.hipdll.maven;

import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.compile.BuildResult;
import dev.hipdll.compile.CompileRequest;
import dev.hipdll.compile.HipDllBuilder;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.HipSdkResolver;
import dev.hipdll.sdk.SdkComponent;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.sdk.SdkResolutionException;
import dev.hipdll.target.GfxTargetList;
import dev.hipdll.target.InvalidTargetException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.codehaus.plexus.util.DirectoryScanner;

/**
 * Builds the HIP backend DLL ({@code coli_hip.dll}) with the HIP SDK's hipcc: resolves the SDK,
 * validates the gfx targets, runs hipcc with every target named explicitly, and writes the DLL
 * atomically to {@code ${project.build.directory}/hipdll/}.
 */
@Mojo(name = "build", defaultPhase = LifecyclePhase.PACKAGE, threadSafe = true)
public class BuildMojo extends AbstractMojo {

    /** Comma-separated gfx target IDs, e.g. {@code gfx1151} or {@code gfx1151,gfx1100}; {@code native} is refused. */
    @Parameter(property = "hip.arch")
    String arch;

    /** The HIP SDK root; defaults to the environment variable {@code HIP_SDK_ROOT}, then {@code HIP_PATH}. */
    @Parameter(property = "hip.sdkRoot")
    File sdkRoot;

    /** Directory of the HIP sources. */
    @Parameter(property = "hip.sourceDirectory", defaultValue = "${project.basedir}/src/main/hip")
    File sourceDirectory;

    /** Source patterns under {@code sourceDirectory}. */
    @Parameter
    List<String> includes = List.of("**/*.cu", "**/*.hip", "**/*.cpp");

    /** Extra include directories. Defaults to {@code src/main/hip/include} when it exists. */
    @Parameter
    List<File> includeDirectories;

    /** Extra preprocessor definitions ({@code NAME} or {@code NAME=VALUE}); {@code COLI_CUDA_BUILDING_DLL} is always set. */
    @Parameter
    List<String> defines = List.of();

    /** Extra hipcc arguments, appended before the sources. */
    @Parameter
    List<String> compilerArgs = List.of();

    /** File name of the DLL. */
    @Parameter(property = "hip.outputName", defaultValue = "coli_hip.dll")
    String outputName;

    /** Output directory. */
    @Parameter(property = "hip.outputDirectory", defaultValue = "${project.build.directory}/hipdll")
    File outputDirectory;

    /** Link the static MSVC runtime (imports stay {@code amdhip64_N.dll} + {@code KERNEL32.dll}); false links the DLL runtime. */
    @Parameter(property = "hip.staticRuntime", defaultValue = "true")
    boolean staticRuntime;

    /** Compiler timeout in seconds; the whole process tree is killed after it. */
    @Parameter(property = "hip.timeout", defaultValue = "3600")
    int timeoutSeconds;

    /** Skip this goal. */
    @Parameter(property = "hip.skip", defaultValue = "false")
    boolean skip;

    @Parameter(defaultValue = "${project.basedir}", readonly = true)
    File basedir;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("hipdll:build skipped (hip.skip)");
            return;
        }
        GfxTargetList targets;
        try {
            targets = GfxTargetList.parse(arch);
        } catch (InvalidTargetException e) {
            throw new MojoFailureException("hip.arch: " + e.getMessage());
        }
        HipSdk sdk;
        try {
            sdk = new HipSdkResolver(isWindows(), System.getenv()).resolve(new SdkOverrides(
                    sdkRoot == null ? null : sdkRoot.toPath(), null, null, null, null, null, null));
        } catch (SdkResolutionException e) {
            throw new MojoFailureException(e.getMessage());
        }
        logSdk(sdk);
        List<Path> sources = sources();
        Path outDir = outputDirectory.toPath();
        Path output = outDir.resolve(outputName);
        CompileRequest request = new CompileRequest(sdk, targets, sources, includeDirs(), defines, compilerArgs,
                staticRuntime, output);
        getLog().info("hipcc for " + targets + ": " + sources.size() + " translation unit(s) -> " + output);
        try {
            BuildResult result = new HipDllBuilder(new ProcessRunner(Duration.ofSeconds(timeoutSeconds)))
                    .build(request, System.getenv(), basedir.toPath(), line -> getLog().info("[hipcc] " + line));
            getLog().info("built " + result.dll() + " (" + result.elapsed().toMillis() + " ms)");
        } catch (BuildFailedException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("cannot write the build output in " + outDir + ": " + e.getMessage(), e);
        }
    }

    private void logSdk(HipSdk sdk) {
        getLog().info("HIP SDK " + sdk.version() + ":");
        for (SdkComponent c : sdk.components()) {
            getLog().info(String.format("  %-13s %s  (from %s)", c.name(), c.path(), c.origin()));
        }
    }

    private List<Path> sources() throws MojoFailureException {
        if (!sourceDirectory.isDirectory()) {
            throw new MojoFailureException("source directory " + sourceDirectory + " does not exist (hip.sourceDirectory)");
        }
        DirectoryScanner ds = new DirectoryScanner();
        ds.setBasedir(sourceDirectory);
        ds.setIncludes(includes.toArray(new String[0]));
        ds.scan();
        List<Path> result = new ArrayList<>();
        for (String f : ds.getIncludedFiles()) {
            result.add(sourceDirectory.toPath().resolve(f));
        }
        result.sort(null);
        if (result.isEmpty()) {
            throw new MojoFailureException("no HIP sources matching " + includes + " in " + sourceDirectory);
        }
        return result;
    }

    private List<Path> includeDirs() {
        if (includeDirectories != null) {
            return includeDirectories.stream().map(File::toPath).toList();
        }
        Path def = sourceDirectory.toPath().resolve("include");
        return Files.isDirectory(def) ? List.of(def) : List.of();
    }

    private static boolean isWindows() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    }

}
