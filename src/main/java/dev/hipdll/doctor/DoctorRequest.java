package dev.hipdll.doctor;

import dev.hipdll.msvc.MsvcRequest;
import dev.hipdll.parameter.ParameterHints;
import dev.hipdll.sdk.HipToolchain;
import dev.hipdll.sdk.SdkOverrides;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * What hipdll:doctor is asked about.
 *
 * @param host                 the machine (OS and environment)
 * @param sdkRoot              {@code hip.sdkRoot}, or {@code null} (then HIP_SDK_ROOT, the toolchain, HIP_PATH)
 * @param runtimeDir           {@code hip.runtimeDir}, as the host spells it, or {@code null} (the SDK's {@code bin})
 * @param applicationDirectory the host application's folder ({@code hip.appDir}), or {@code null} when unknown
 * @param vcToolsVersion       the pinned MSVC toolset ({@code hip.vcToolsVersion}), or {@code null} or blank
 *                             (then {@code VCToolsVersion} from the environment)
 * @param toolchain            the {@code hip} toolchain chosen from toolchains.xml, used when neither
 *                             {@code sdkRoot} nor {@code HIP_SDK_ROOT} is given; never {@code null}
 * @param sdkRootPlaces        where {@code sdkRoot} was spelled when not with {@code -D}
 *                             ({@code hip.sdkRoot → CONFIGURATION}), for its origin in the table, as in
 *                             {@link SdkOverrides#places()}; empty: {@code -Dhip.sdkRoot}; never {@code null}
 * @param hints                how the front end words a parameter in the report ({@code -Dhip.runtimeDir} from
 *                             Maven); never {@code null}
 */
public record DoctorRequest(DoctorHost host, Path sdkRoot, String runtimeDir, String applicationDirectory,
                            String vcToolsVersion, Optional<HipToolchain> toolchain,
                            Map<String, SdkOverrides.Place> sdkRootPlaces, ParameterHints hints) {
    public DoctorRequest {
        vcToolsVersion = MsvcRequest.unsetIfBlank(vcToolsVersion);
        sdkRootPlaces = Map.copyOf(sdkRootPlaces);
        java.util.Objects.requireNonNull(hints, "hints");
    }

    /** A request from Maven ({@link ParameterHints#MAVEN}). */
    public DoctorRequest(DoctorHost host, Path sdkRoot, String runtimeDir, String applicationDirectory,
                         String vcToolsVersion, Optional<HipToolchain> toolchain,
                         Map<String, SdkOverrides.Place> sdkRootPlaces) {
        this(host, sdkRoot, runtimeDir, applicationDirectory, vcToolsVersion, toolchain, sdkRootPlaces,
                ParameterHints.MAVEN);
    }

    /** A request whose {@code sdkRoot}, if any, was given with {@code -Dhip.sdkRoot}. */
    public DoctorRequest(DoctorHost host, Path sdkRoot, String runtimeDir, String applicationDirectory,
                         String vcToolsVersion, Optional<HipToolchain> toolchain) {
        this(host, sdkRoot, runtimeDir, applicationDirectory, vcToolsVersion, toolchain, Map.of());
    }

    /** A request without a toolchain from toolchains.xml. */
    public DoctorRequest(DoctorHost host, Path sdkRoot, String runtimeDir, String applicationDirectory,
                         String vcToolsVersion) {
        this(host, sdkRoot, runtimeDir, applicationDirectory, vcToolsVersion, Optional.empty());
    }
}
