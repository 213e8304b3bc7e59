package dev.hipdll.sdk;

import java.nio.file.Path;
import java.util.Map;

/**
 * One {@code hip} toolchain from Maven's {@code toolchains.xml}, as a plain value (the mojo reads
 * Maven's toolchain models; the core never sees Maven types):
 * <pre>{@code
 * <toolchain>
 *   <type>hip</type>
 *   <provides><version>6.4</version></provides>
 *   <configuration><sdkRoot>C:\Program Files\AMD\ROCm\6.4</sdkRoot></configuration>
 * </toolchain>
 * }</pre>
 *
 * @param provides the {@code <provides>} entries, e.g. {@code version=6.4}
 * @param sdkRoot  the {@code <configuration><sdkRoot>} directory
 */
public record HipToolchain(Map<String, String> provides, Path sdkRoot) {
    /** Creates a toolchain value; {@code provides} is copied. */
    public HipToolchain {
        provides = Map.copyOf(provides);
    }

    /** The {@code <provides><version>}, or an empty string. */
    public String version() {
        return provides.getOrDefault("version", "");
    }

    @Override
    public String toString() {
        return "hip " + (version().isEmpty() ? "(no version)" : version()) + " at " + sdkRoot;
    }
}
