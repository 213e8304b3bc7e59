package dev.hipdll.verify;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one verification read about an image that a release package's checks need from each file
 *, so that a package is the single-DLL pipeline run per file plus package-level checks,
 * not a second reader: the DLLs it imports and its device code.
 *
 * @param read              whether the image's tables were read (false when the file is no PE image)
 * @param imports           the imported DLL names as the import tables spell them, normal then delay-load, each once
 * @param delayImports      the names of {@code imports} that are only delay-loaded
 * @param deviceCodeBytes   the bytes of HIP code objects per gfx target ID, summed over the image's bundles,
 *                          in the order the targets were first seen
 * @param cudaDeviceCodeBytes the bytes of NVIDIA fat binary entries (0 for none)
 */
public record ImageSummary(boolean read, List<String> imports, List<String> delayImports,
                           Map<String, Long> deviceCodeBytes, long cudaDeviceCodeBytes) {
    /** Creates the value; the collections are copied (the map keeps its order). */
    public ImageSummary {
        imports = List.copyOf(imports);
        delayImports = List.copyOf(delayImports);
        deviceCodeBytes = Collections.unmodifiableMap(new LinkedHashMap<>(deviceCodeBytes));
    }

    /** Nothing read. */
    public static ImageSummary none() {
        return new ImageSummary(false, List.of(), List.of(), Map.of(), 0);
    }

    /** Whether the image carries any device code (HIP or CUDA). */
    public boolean hasDeviceCode() {
        return !deviceCodeBytes.isEmpty() || cudaDeviceCodeBytes > 0;
    }
}
