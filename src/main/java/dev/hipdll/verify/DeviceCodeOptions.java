package dev.hipdll.verify;

import dev.hipdll.gfx.GfxTarget;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What verify asks of the device code: every device option in one value. Build with {@link #builder()} (or
 * {@link #forTargets}); {@link #toBuilder()} changes some options of existing ones.
 *
 * @param targets            the gfx targets whose device code must be embedded ({@code hip.arch}); empty skips
 *                           {@code device-code.targets}
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
public record DeviceCodeOptions(List<GfxTarget> targets, List<GfxTarget> gpus, OptionalInt maxBundleVersion,
                                OptionalLong maxDeviceCodeBytes, boolean allowDeviceDebug, boolean required) {
    /** Creates the options; {@code targets} and {@code gpus} are copied. */
    public DeviceCodeOptions {
        targets = List.copyOf(targets);
        gpus = List.copyOf(gpus);
    }

    /** These options for a library of a package: device code not {@link #required()}. */
    public DeviceCodeOptions optional() {
        return toBuilder().required(false).build();
    }

    /** No targets, no GPU list, no budgets, debug sections warn, device code required. */
    public static DeviceCodeOptions defaults() {
        return builder().build();
    }

    /** The {@link #defaults()} with the gfx targets whose device code must be embedded. */
    public static DeviceCodeOptions forTargets(List<GfxTarget> targets) {
        return builder().targets(targets).build();
    }

    /** A builder holding the {@link #defaults()}. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these options, to change some of them. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.targets = targets;
        b.gpus = gpus;
        b.maxBundleVersion = maxBundleVersion;
        b.maxDeviceCodeBytes = maxDeviceCodeBytes;
        b.allowDeviceDebug = allowDeviceDebug;
        b.required = required;
        return b;
    }

    /** Collects {@link DeviceCodeOptions}; each setter names the component it sets and returns this builder. */
    public static final class Builder {
        private List<GfxTarget> targets = List.of();
        private List<GfxTarget> gpus = List.of();
        private OptionalInt maxBundleVersion = OptionalInt.empty();
        private OptionalLong maxDeviceCodeBytes = OptionalLong.empty();
        private boolean allowDeviceDebug = true;
        private boolean required = true;

        private Builder() {
        }

        /** Sets {@link DeviceCodeOptions#targets()}. */
        public Builder targets(List<GfxTarget> t) {
            targets = t;
            return this;
        }

        /** Sets {@link DeviceCodeOptions#gpus()}. */
        public Builder gpus(List<GfxTarget> g) {
            gpus = g;
            return this;
        }

        /** Sets {@link DeviceCodeOptions#maxBundleVersion()}. */
        public Builder maxBundleVersion(OptionalInt v) {
            maxBundleVersion = v;
            return this;
        }

        /** Sets {@link DeviceCodeOptions#maxDeviceCodeBytes()}, in bytes. */
        public Builder maxDeviceCodeBytes(OptionalLong bytes) {
            maxDeviceCodeBytes = bytes;
            return this;
        }

        /** Sets {@link DeviceCodeOptions#allowDeviceDebug()}. */
        public Builder allowDeviceDebug(boolean allow) {
            allowDeviceDebug = allow;
            return this;
        }

        /** Sets {@link DeviceCodeOptions#required()}. */
        public Builder required(boolean r) {
            required = r;
            return this;
        }

        /** The options; the lists are copied. */
        public DeviceCodeOptions build() {
            return new DeviceCodeOptions(targets, gpus, maxBundleVersion, maxDeviceCodeBytes, allowDeviceDebug, required);
        }
    }
}
