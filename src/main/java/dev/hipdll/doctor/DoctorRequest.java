package dev.hipdll.doctor;

import java.nio.file.Path;

/**
 * What hipdll:doctor is asked about.
 *
 * @param host                 the machine (OS and environment)
 * @param sdkRoot              {@code hip.sdkRoot}, or {@code null} (then HIP_SDK_ROOT, HIP_PATH)
 * @param runtimeDir           {@code hip.runtimeDir}, as the host spells it, or {@code null} (the SDK's {@code bin})
 * @param applicationDirectory the host application's folder ({@code hip.appDir}), or {@code null} when unknown
 * @param vcToolsVersion       the pinned MSVC toolset ({@code hip.vcToolsVersion}), or {@code null} (then
 *                             {@code VCToolsVersion} from the environment)
 */
public record DoctorRequest(DoctorHost host, Path sdkRoot, String runtimeDir, String applicationDirectory,
                            String vcToolsVersion) {
}
