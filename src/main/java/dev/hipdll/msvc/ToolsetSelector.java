package dev.hipdll.msvc;

import dev.hipdll.parameter.ParameterHints;
import dev.hipdll.sdk.VersionOrder;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Lists the installed MSVC toolsets and chooses one. A toolset is a directory
 * {@code <VS>\VC\Tools\MSVC\<major.minor.build>} with {@code include} and {@code lib\x64}.
 * The choice, in order:
 * <ol>
 *   <li>{@code hip.vcToolsVersion} exact ({@code 14.44.35207}) or as a prefix ({@code 14.44}: the
 *       highest matching version), failing with the installed list when nothing matches;</li>
 *   <li>else an inherited {@code VCToolsVersion} (as a Developer Command Prompt sets it), exact;</li>
 *   <li>else a failure listing the installed toolsets: hipcc's clang would silently take the
 *       newest, which may be too new for HIP (BRIEF: 14.51.x breaks {@code <cmath>}).</li>
 * </ol>
 */
public final class ToolsetSelector {
    private ToolsetSelector() {
    }

    /** The toolsets of every installation, lowest version first. */
    public static List<MsvcToolset> installed(List<Path> vsInstallDirs) throws MsvcResolutionException {
        List<MsvcToolset> out = new ArrayList<>();
        for (Path vs : vsInstallDirs) {
            Path msvc = vs.resolve("VC/Tools/MSVC");
            if (!Files.isDirectory(msvc)) {
                continue;
            }
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(msvc)) {
                for (Path d : ds) {
                    String v = d.getFileName().toString();
                    if (v.matches("\\d+\\.\\d+\\.\\d+") && Files.isDirectory(d.resolve("include"))
                            && Files.isDirectory(d.resolve("lib/x64"))) {
                        out.add(new MsvcToolset(v, d.toAbsolutePath().normalize(), vs));
                    }
                }
            } catch (IOException e) {
                throw new MsvcResolutionException("cannot list the MSVC toolsets in " + msvc + ": " + e.getMessage());
            }
        }
        out.sort(Comparator.comparing(MsvcToolset::version, VersionOrder::compare));
        return out;
    }

    /**
     * Chooses the toolset.
     *
     * @param installed the installed toolsets
     * @param requested {@code hip.vcToolsVersion}, or {@code null}
     * @param inherited the inherited {@code VCToolsVersion}, if set
     * @return the toolset and where the choice came from
     * @throws MsvcResolutionException when nothing matches or nothing was asked for, listing the installed toolsets
     */
    public static Choice choose(List<MsvcToolset> installed, String requested, Optional<String> inherited)
            throws MsvcResolutionException {
        return choose(installed, requested, inherited, ParameterHints.MAVEN);
    }

    /**
     * Picks the toolset, as {@link #choose(List, String, Optional)}, with the errors worded by {@code hints}.
     *
     * @param hints how the front end words a parameter ({@code -Dhip.vcToolsVersion=<version or prefix>})
     * @throws MsvcResolutionException as {@link #choose(List, String, Optional)}
     */
    public static Choice choose(List<MsvcToolset> installed, String requested, Optional<String> inherited,
                                ParameterHints hints) throws MsvcResolutionException {
        if (installed.isEmpty()) {
            throw new MsvcResolutionException("no MSVC toolset installed (no VC\\Tools\\MSVC\\<version> with include and"
                    + " lib\\x64); install the C++ x64 tools, or set " + hints.name("hip.vsInstallDir"));
        }
        String req = requested == null ? "" : requested.strip();
        if (!req.isEmpty()) {
            if (!req.matches("\\d+(\\.\\d+){0,2}")) {
                throw new MsvcResolutionException("hip.vcToolsVersion '" + requested + "' is not a toolset version or"
                        + " prefix such as 14.44.35207 or 14.44; installed: " + versions(installed));
            }
            Optional<MsvcToolset> m = installed.stream()
                    .filter(t -> t.version().equals(req) || t.version().startsWith(req + "."))
                    .max(Comparator.comparing(MsvcToolset::version, VersionOrder::compare));
            return new Choice(m.orElseThrow(() -> new MsvcResolutionException("no installed MSVC toolset matches"
                    + " hip.vcToolsVersion=" + req + "; installed: " + versions(installed))), "hip.vcToolsVersion=" + req);
        }
        if (inherited.isPresent()) {
            String v = inherited.get();
            return new Choice(installed.stream().filter(t -> t.version().equals(v)).reduce((a, b) -> b)
                    .orElseThrow(() -> new MsvcResolutionException("the inherited VCToolsVersion=" + v + " is not an"
                            + " installed MSVC toolset; installed: " + versions(installed)
                            + ". Set " + hints.set("hip.vcToolsVersion", "<version or prefix>") + ".")),
                    "inherited VCToolsVersion");
        }
        throw new MsvcResolutionException("no MSVC toolset chosen: set "
                + hints.set("hip.vcToolsVersion", "<version or prefix, e.g. 14.44>")
                + " (or run from a Developer Command Prompt that sets VCToolsVersion); installed: " + versions(installed));
    }

    private static List<String> versions(List<MsvcToolset> installed) {
        return installed.stream().map(MsvcToolset::version).distinct().toList();
    }

    /**
     * A chosen toolset.
     *
     * @param toolset the toolset
     * @param origin  what chose it, e.g. {@code hip.vcToolsVersion=14.44} or {@code inherited VCToolsVersion}
     */
    public record Choice(MsvcToolset toolset, String origin) {
    }
}
