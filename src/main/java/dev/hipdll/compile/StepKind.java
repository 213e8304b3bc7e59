package dev.hipdll.compile;

/**
 * The stages of a HIP DLL build, one {@link BuildStep} each, in the order clang's driver runs them
 * for {@code -x hip -c} and a link (see {@code clang -###}):
 * a device compile per translation unit and gfx target ({@code --offload-device-only}), the
 * offload bundle of each translation unit ({@code clang-offload-bundler -type=o}), the host
 * compile that embeds it ({@code --offload-host-only -fcuda-include-gpubinary}), and the link.
 */
public enum StepKind {
    /** One translation unit for one gfx target: an AMDGPU code object. */
    DEVICE_COMPILE("device compile"),
    /** The offload bundle (fat binary, {@code .hipfb}) of one translation unit's code objects. */
    BUNDLE("bundle"),
    /** One translation unit's host code, embedding its fat binary: a COFF object. */
    HOST_COMPILE("host compile"),
    /** The DLL from every host object. */
    LINK("link");

    private final String label;

    StepKind(String label) {
        this.label = label;
    }

    /** The stage as named in progress and failure lines, e.g. {@code device compile}. */
    public String label() {
        return label;
    }
}
