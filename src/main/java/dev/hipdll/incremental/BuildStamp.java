package dev.hipdll.incremental;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The fingerprint of everything that decides {@code coli_hip.dll}, written as JSON beside the DLL
 * ({@code <dll>.stamp.json}) after a successful build. See docs/incremental-and-diagnosis.md.
 *
 * @param formatVersion    this record's layout version ({@link #FORMAT_VERSION})
 * @param pluginVersion    the hipdll-maven-plugin version that built the DLL
 * @param parameters       every output-deciding parameter by its property name ({@code hip.sdkRoot},
 *                         {@code defines}, ...), rendered as text
 * @param targets          the gfx target IDs, in command-line order
 * @param sources          the translation units
 * @param headers          every other file the compiler read, from its {@code -MD -MF} dependency output
 * @param sdkVersion       the HIP SDK version as the SDK states it
 * @param sdk              the resolved SDK components and the files of it that decide the output
 * @param toolsetVersion   the MSVC toolset version (e.g. {@code 14.44.35207}), or {@code null} when not resolved
 * @param windowsSdkVersion the Windows SDK version (e.g. {@code 10.0.26100.0}), or {@code null}
 * @param environment      the environment that reaches the compiler: name to SHA-256 of
 *                         {@code name=value} (values are not stored: they may be secrets)
 * @param output           the DLL the build wrote (signed, when the build signs it: {@code hip.sign.*})
 * @param unsignedSha256   the SHA-256 of that DLL's image without its Authenticode signature
 *                         ({@link dev.hipdll.authenticode.UnsignedImage}): the DLL the link wrote. A DLL signed by
 *                         another tool after the build has it too, and is recognised by it ("signed after the
 *                         build"). {@code null} (a stamp written before it was recorded): the output's SHA-256
 */
public record BuildStamp(int formatVersion, String pluginVersion, SortedMap<String, String> parameters,
                         List<String> targets, List<FileFingerprint> sources, List<FileFingerprint> headers,
                         String sdkVersion, List<SdkFingerprint> sdk, String toolsetVersion, String windowsSdkVersion,
                         SortedMap<String, String> environment, FileFingerprint output, String unsignedSha256) {

    /**
     * The current layout version; a stamp of another version is never up to date. 2: only output-deciding
     * environment variables, the SDK by its resolved components instead of the override parameters.
     */
    public static final int FORMAT_VERSION = 2;

    /** Creates a stamp; collections are copied. */
    public BuildStamp {
        parameters = new TreeMap<>(parameters);
        targets = List.copyOf(targets);
        sources = List.copyOf(sources);
        headers = List.copyOf(headers);
        sdk = List.copyOf(sdk);
        environment = new TreeMap<>(environment == null ? Map.of() : environment);
        if (unsignedSha256 == null && output != null) {
            unsignedSha256 = output.sha256();
        }
    }

    /** A stamp of an unsigned DLL: its image without a signature is the whole file. */
    public BuildStamp(int formatVersion, String pluginVersion, SortedMap<String, String> parameters,
                      List<String> targets, List<FileFingerprint> sources, List<FileFingerprint> headers,
                      String sdkVersion, List<SdkFingerprint> sdk, String toolsetVersion, String windowsSdkVersion,
                      SortedMap<String, String> environment, FileFingerprint output) {
        this(formatVersion, pluginVersion, parameters, targets, sources, headers, sdkVersion, sdk, toolsetVersion,
                windowsSdkVersion, environment, output, null);
    }

    /** This stamp recording {@code now} as its output (the same image without its signature). */
    public BuildStamp withOutput(FileFingerprint now) {
        return new BuildStamp(formatVersion, pluginVersion, parameters, targets, sources, headers, sdkVersion, sdk,
                toolsetVersion, windowsSdkVersion, environment, now, unsignedSha256);
    }
}
