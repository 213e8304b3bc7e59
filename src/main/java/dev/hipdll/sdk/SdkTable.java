package dev.hipdll.sdk;

import java.util.ArrayList;
import java.util.List;

/**
 * Renders a resolved {@link HipSdk} as the table the build logs once: the SDK version, then one
 * row per component with its path and its origin.
 * <pre>
 * HIP SDK 7.1.25424
 *   component     path                               origin
 *   sdkRoot       C:\Program Files\AMD\ROCm\7.1      HIP_SDK_ROOT
 *   hipcc         C:\Program Files\AMD\ROCm\7.1\bin\hipcc.exe  HIP_SDK_ROOT
 * </pre>
 */
public final class SdkTable {
    private SdkTable() {
    }

    /** The table's lines, without trailing newlines. */
    public static List<String> render(HipSdk sdk) {
        List<String> out = new ArrayList<>();
        out.add("HIP SDK " + sdk.version() + (sdk.hipccIsBatchWrapper() ? " (hipcc is a batch wrapper)" : ""));
        int name = "component".length();
        int path = "path".length();
        for (SdkComponent c : sdk.components()) {
            name = Math.max(name, c.name().length());
            path = Math.max(path, c.path().toString().length());
        }
        String fmt = "  %-" + name + "s  %-" + path + "s  %s";
        out.add(String.format(fmt, "component", "path", "origin"));
        for (SdkComponent c : sdk.components()) {
            out.add(String.format(fmt, c.name(), c.path(), "(from " + c.origin() + ")"));
        }
        return out;
    }
}
