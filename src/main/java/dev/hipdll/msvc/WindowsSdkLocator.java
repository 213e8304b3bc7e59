package dev.hipdll.msvc;

import dev.hipdll.parameter.ParameterHints;
import dev.hipdll.host.Host;
import dev.hipdll.sdk.VersionOrder;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Finds the Windows SDK: the Windows Kits root ({@code hip.windowsSdkDir}, default
 * {@code %ProgramFiles(x86)%\Windows Kits\10}) and a version that has {@code Include/<v>/um},
 * {@code Include/<v>/ucrt} and {@code Lib/<v>/um/x64} ({@code hip.windowsSdkVersion}, else the newest).
 */
public final class WindowsSdkLocator {
    private final Host host;
    private final ParameterHints hints;

    /** A locator worded for Maven ({@link ParameterHints#MAVEN}). @param host the host (its {@code ProgramFiles(x86)} gives the default root) */
    public WindowsSdkLocator(Host host) {
        this(host, ParameterHints.MAVEN);
    }

    /**
     * @param host  the host (its {@code ProgramFiles(x86)} gives the default root)
     * @param hints how the front end words a parameter in the errors ({@code -Dhip.windowsSdkDir=<Windows Kits root>})
     */
    public WindowsSdkLocator(Host host, ParameterHints hints) {
        this.host = host;
        this.hints = java.util.Objects.requireNonNull(hints, "hints");
    }

    /**
     * Locates the SDK.
     *
     * @param rootOverride {@code hip.windowsSdkDir}, or {@code null}
     * @param requested    {@code hip.windowsSdkVersion}, or {@code null} for the newest
     * @throws MsvcResolutionException when none is installed or the requested one is not, listing those that are
     */
    public WindowsSdk locate(Path rootOverride, String requested) throws MsvcResolutionException {
        Path root = rootOverride != null ? rootOverride
                : Path.of(host.environment().get("ProgramFiles(x86)").filter(s -> !s.isBlank())
                        .orElse("C:\\Program Files (x86)"), "Windows Kits", "10");
        List<String> versions = new ArrayList<>();
        Path include = root.resolve("Include");
        if (Files.isDirectory(include)) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(include)) {
                for (Path d : ds) {
                    String v = d.getFileName().toString();
                    if (v.matches("\\d+\\.\\d+\\.\\d+\\.\\d+") && Files.isDirectory(d.resolve("um"))
                            && Files.isDirectory(d.resolve("ucrt")) && Files.isDirectory(root.resolve("Lib/" + v + "/um/x64"))) {
                        versions.add(v);
                    }
                }
            } catch (IOException e) {
                throw new MsvcResolutionException("cannot list " + include + ": " + e.getMessage());
            }
        }
        versions.sort(VersionOrder::compare);
        String where = root + (rootOverride != null ? " (from hip.windowsSdkDir)" : "");
        if (versions.isEmpty()) {
            throw new MsvcResolutionException("no Windows SDK in " + where + " (looked for Include\\<version>\\um and"
                    + " Lib\\<version>\\um\\x64); install one, or set " + hints.set("hip.windowsSdkDir", "<Windows Kits root>"));
        }
        String req = requested == null ? "" : requested.strip();
        if (req.isEmpty()) {
            return new WindowsSdk(root.toAbsolutePath().normalize(), versions.get(versions.size() - 1));
        }
        return versions.stream().filter(v -> v.equals(req)).findFirst()
                .map(v -> new WindowsSdk(root.toAbsolutePath().normalize(), v))
                .orElseThrow(() -> new MsvcResolutionException("Windows SDK " + req + " (hip.windowsSdkVersion) is not"
                        + " installed in " + where + "; installed: " + versions.stream().sorted(Comparator.reverseOrder()).toList()));
    }
}
