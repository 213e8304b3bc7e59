package dev.hipdll.sdk;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The variables the build sets for hipcc so that every way hipcc and clang look for an SDK leads
 * to the resolved one: {@code HIP_PATH} (the root), {@code HIP_PLATFORM=amd} (never the NVIDIA
 * platform, even with a CUDA toolkit installed), {@code HIP_CLANG_PATH} (the SDK's clang
 * directory) and {@code HIP_DEVICE_LIB_PATH} (the device library directory).
 */
public final class HipVariables {
    private HipVariables() {
    }

    /** The variables for {@code sdk}, in the order above. */
    public static Map<String, String> of(HipSdk sdk) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("HIP_PATH", sdk.root().path().toString());
        m.put("HIP_PLATFORM", "amd");
        m.put("HIP_CLANG_PATH", sdk.clangDir().path().toString());
        m.put("HIP_DEVICE_LIB_PATH", sdk.deviceLibDir().path().toString());
        return m;
    }
}
