package dev.hipdll.verify;

import dev.hipdll.target.GfxTarget;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What verify asks of the device code besides the requested gfx targets.
 *
 * @param gpus               the processors users run ({@code hip.gpus}, e.g. gfx1150, gfx1151, gfx1152;
 *                           a feature setting such as {@code gfx90a:xnack+} fixes the device's mode);
 *                           empty skips {@code device-code.gpus}
 * @param maxBundleVersion   the newest compressed-bundle ({@code CCOB}) version accepted
 *                           ({@code hip.maxBundleVersion}; 2 for runtimes that read no v3), or empty for any
 * @param maxDeviceCodeBytes the most bytes of code objects one gfx target may have in the DLL, summed
 *                           over its bundles ({@code hip.maxDeviceCodeBytes}), or empty for no budget
 * @param allowDeviceDebug   whether code objects with DWARF sections only warn ({@code true}, the
 *                           default) or fail {@code device-code.debug}
 */
public record DeviceCodeOptions(List<GfxTarget> gpus, OptionalInt maxBundleVersion, OptionalLong maxDeviceCodeBytes,
                                boolean allowDeviceDebug) {
    /** Creates the options; {@code gpus} is copied. */
    public DeviceCodeOptions {
        gpus = List.copyOf(gpus);
    }

    /** No GPU list, no budgets, debug sections warn. */
    public static DeviceCodeOptions defaults() {
        return new DeviceCodeOptions(List.of(), OptionalInt.empty(), OptionalLong.empty(), true);
    }
}
