package dev.hipdll.msvc;

import dev.hipdll.parameter.ParameterHints;
import dev.hipdll.host.Host;
import dev.hipdll.process.ProcessResult;
import dev.hipdll.process.ProcessRunner;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the Visual Studio installations that have the C++ x64 tools: {@code hip.vsInstallDir}
 * when given, else Microsoft's vswhere at
 * {@code %ProgramFiles(x86)%\Microsoft Visual Studio\Installer\vswhere.exe}, run as
 * {@code vswhere -products * -requires Microsoft.VisualStudio.Component.VC.Tools.x86.x64
 * -property installationPath -utf8 -nologo} (one installation path per output line).
 */
public final class VisualStudioLocator {
    /** The vswhere arguments, one element each. */
    public static final List<String> VSWHERE_ARGS = List.of("-products", "*", "-requires",
            "Microsoft.VisualStudio.Component.VC.Tools.x86.x64", "-property", "installationPath", "-utf8", "-nologo");

    private final Host host;
    private final ProcessRunner runner;
    private final ParameterHints hints;

    /**
     * A locator whose errors are worded for Maven ({@link ParameterHints#MAVEN}).
     *
     * @param host   the host (its {@code ProgramFiles(x86)} locates vswhere)
     * @param runner runs vswhere
     */
    public VisualStudioLocator(Host host, ProcessRunner runner) {
        this(host, runner, ParameterHints.MAVEN);
    }

    /**
     * @param host   the host (its {@code ProgramFiles(x86)} locates vswhere)
     * @param runner runs vswhere
     * @param hints  how the front end words a parameter in the errors ({@code -Dhip.vsInstallDir=<dir>})
     */
    public VisualStudioLocator(Host host, ProcessRunner runner, ParameterHints hints) {
        this.host = host;
        this.runner = runner;
        this.hints = java.util.Objects.requireNonNull(hints, "hints");
    }

    /** Where vswhere is expected on this host. */
    public Path vswhere() {
        String pf = host.environment().get("ProgramFiles(x86)").filter(s -> !s.isBlank()).orElse("C:\\Program Files (x86)");
        return Path.of(pf, "Microsoft Visual Studio", "Installer", "vswhere.exe");
    }

    /**
     * The installations to take toolsets from.
     *
     * @param override {@code hip.vsInstallDir}, or {@code null}
     * @throws MsvcResolutionException when the override is not a Visual Studio installation, or
     *                                 vswhere is missing, fails or names none
     */
    public List<Path> installations(Path override) throws MsvcResolutionException {
        if (override != null) {
            if (!Files.isDirectory(override.resolve("VC/Tools/MSVC"))) {
                throw new MsvcResolutionException("hip.vsInstallDir " + override + " is not a Visual Studio installation"
                        + " with C++ tools: " + override.resolve("VC/Tools/MSVC") + " does not exist");
            }
            return List.of(override.toAbsolutePath().normalize());
        }
        Path vswhere = vswhere();
        if (!Files.isRegularFile(vswhere)) {
            throw new MsvcResolutionException("vswhere not found at " + vswhere + " (from ProgramFiles(x86)); install"
                    + " Visual Studio with the C++ x64 tools, or set " + hints.set("hip.vsInstallDir", "<Visual Studio directory>"));
        }
        ProcessResult r = runner.run(vswhere, VSWHERE_ARGS, host.environment().toMap(), vswhere.getParent(), l -> { });
        if (!r.succeeded()) {
            throw new MsvcResolutionException(vswhere + " " + String.join(" ", VSWHERE_ARGS) + " failed ("
                    + (r.launchError() != null ? r.launchError() : r.timedOut() ? "timed out" : "exit " + r.exitCode())
                    + "); set " + hints.set("hip.vsInstallDir", "<Visual Studio directory>"));
        }
        List<Path> found = new ArrayList<>();
        for (String line : r.output()) {
            String l = line.strip();
            if (l.isEmpty()) {
                continue;
            }
            try {
                Path p = Path.of(l);
                if (Files.isDirectory(p.resolve("VC/Tools/MSVC"))) {
                    found.add(p);
                }
            } catch (InvalidPathException e) {
                // not a path: vswhere printed something else
            }
        }
        if (found.isEmpty()) {
            throw new MsvcResolutionException("vswhere (" + vswhere + ") found no Visual Studio installation with the C++"
                    + " x64 tools (VC\\Tools\\MSVC); output: " + r.output() + ". Set " + hints.set("hip.vsInstallDir", "<dir>")
                    + ".");
        }
        return found;
    }
}
