package dev.hipdll.compile;

/**
 * One step of a hipcc run, as named in progress lines.
 *
 * @param kind   what the step does
 * @param source the translation unit's file name ({@code -main-file-name}), or "" for the link
 * @param target the gfx processor of a device step ({@code -target-cpu}, e.g. {@code gfx1151}),
 *               the host triple of a host step, or "" for the link
 */
public record CompileStep(Kind kind, String source, String target) {

    /** The kinds of steps a HIP compile and link goes through. */
    public enum Kind {
        /** device compilation of one translation unit for one gfx target ({@code clang -cc1 -triple amdgcn-amd-amdhsa}) */
        DEVICE,
        /** host compilation of one translation unit ({@code clang -cc1 -triple x86_64-pc-windows-msvc}) */
        HOST,
        /** linking the DLL ({@code lld-link} or {@code link.exe}) */
        LINK
    }

    /** A human name, e.g. {@code backend_cuda.cu [gfx1151]}, {@code backend_cuda.cu [host]}, {@code link}. */
    public String describe() {
        return switch (kind) {
            case DEVICE -> source + " [" + target + "]";
            case HOST -> source + " [host]";
            case LINK -> "link";
        };
    }
}
