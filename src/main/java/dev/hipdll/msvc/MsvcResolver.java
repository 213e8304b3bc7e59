package dev.hipdll.msvc;

import dev.hipdll.host.EnvironmentException;
import dev.hipdll.host.Host;
import dev.hipdll.process.ProcessRunner;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Pins the MSVC toolset and the Windows SDK on a Windows host (BRIEF, "MSVC"): finds Visual Studio
 * ({@link VisualStudioLocator}), chooses the toolset ({@link ToolsetSelector}) and the Windows SDK
 * ({@link WindowsSdkLocator}). On other hosts there is nothing to pin.
 */
public final class MsvcResolver {
    private final Host host;
    private final ProcessRunner runner;

    /**
     * @param host   the host
     * @param runner runs vswhere
     */
    public MsvcResolver(Host host, ProcessRunner runner) {
        this.host = host;
        this.runner = runner;
    }

    /**
     * Resolves the pin.
     *
     * @param request the user's choices
     * @return the pinned environment; empty on a host that is not Windows
     * @throws MsvcResolutionException when Visual Studio, a matching toolset or the Windows SDK is
     *                                 missing, when no toolset is chosen, or when an inherited
     *                                 {@code VCToolsVersion} is padded with whitespace
     */
    public Optional<MsvcEnvironment> resolve(MsvcRequest request) throws MsvcResolutionException {
        if (!host.isWindows()) {
            return Optional.empty();
        }
        List<Path> installations = new VisualStudioLocator(host, runner, request.hints()).installations(request.vsInstallDir());
        Optional<String> inherited;
        try {
            inherited = host.environment().read("VCToolsVersion");
        } catch (EnvironmentException e) {
            throw new MsvcResolutionException(e.getMessage());
        }
        ToolsetSelector.Choice choice = ToolsetSelector.choose(ToolsetSelector.installed(installations),
                request.vcToolsVersion(), inherited, request.hints());
        WindowsSdk sdk = new WindowsSdkLocator(host, request.hints()).locate(request.windowsSdkDir(),
                request.windowsSdkVersion());
        return Optional.of(new MsvcEnvironment(choice.toolset(), choice.origin(), sdk, installations));
    }
}
