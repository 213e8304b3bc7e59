package dev.hipdll.verify;

import dev.hipdll.gfx.GfxTarget;
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
 * @param required           whether the image must carry device code for the requested targets
 *                           ({@code true}: a backend); {@code false} for a library of a release package
 *                           (hipblas.dll, a helper DLL): without any device code its {@code device-code.targets}
 *                           is skipped, with some the targets are checked as for a backend
 */
public record DeviceCodeOptions(List<GfxTarget> gpus, OptionalInt maxBundleVersion, OptionalLong maxDeviceCodeBytes,
                                boolean allowDeviceDebug, boolean required) {
    /** Creates the options; {@code gpus} is copied. */
    public DeviceCodeOptions {
        gpus = List.copyOf(gpus);
    }

    /** Options for a backend, which must carry device code ({@link #required()}). */
    public DeviceCodeOptions(List<GfxTarget> gpus, OptionalInt maxBundleVersion, OptionalLong maxDeviceCodeBytes,
                             boolean allowDeviceDebug) {
        this(gpus, maxBundleVersion, maxDeviceCodeBytes, allowDeviceDebug, true);
    }

    /** These options for a library of a package: device code not {@link #required()}. */
    public DeviceCodeOptions optional() {
        return new DeviceCodeOptions(gpus, maxBundleVersion, maxDeviceCodeBytes, allowDeviceDebug, false);
    }

    /** No GPU list, no budgets, debug sections warn. */
    public static DeviceCodeOptions defaults() {
        return new DeviceCodeOptions(List.of(), OptionalInt.empty(), OptionalLong.empty(), true);
    }
}
