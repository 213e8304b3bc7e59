package dev.hipdll.diagnosis;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Where a hipcc run failed, in the order a build goes through them. */
public enum Stage {
    /** the compiler did not start, or printed nothing at all */
    LAUNCH("launch"),
    /** preprocessing or compiling a translation unit (host or device side) */
    COMPILE("compile"),
    /** linking the device code objects (clang's amdgcn-link step, lld for amdgcn) */
    DEVICE_LINK("device link"),
    /** bundling a unit's device code objects into its fat binary (clang-offload-bundler) */
    BUNDLE("bundle"),
    /** linking the host DLL (lld-link or MSVC link.exe) */
    HOST_LINK("host link"),
    /** killed after {@code hip.timeout} */
    TIMEOUT("timeout");

    private final String label;

    Stage(String label) {
        this.label = label;
    }

    /** The label used in the rule file and in messages, e.g. {@code host link}. */
    @JsonValue
    public String label() {
        return label;
    }

    /** The stage named {@code label}; throws IllegalArgumentException for an unknown one. */
    @JsonCreator
    public static Stage of(String label) {
        for (Stage s : values()) {
            if (s.label.equals(label)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown stage '" + label + "'");
    }

    /**
     * The stage to report for a failure whose log or outcome says {@code found}, in a build step of stage
     * {@code step} (a link step that died of a full disk was labelled {@code compile}, the
     * guess from a log line that does not name the linker). The step decides: {@link #LAUNCH} and
     * {@link #TIMEOUT} (how the run ended) are kept; in the link ({@link #HOST_LINK}) and in a bundle step
     * every failure is that step's; in a compile step a failure the log places in a link is the
     * {@link #DEVICE_LINK} (a device compile links its code object with lld; a host compile links nothing),
     * anything else {@link #COMPILE}.
     *
     * @param step  the step's stage, or {@code null} when not known: then {@code found}
     * @param found the stage the log and the rule book give
     */
    public static Stage within(Stage step, Stage found) {
        if (step == null || found == LAUNCH || found == TIMEOUT) {
            return found;
        }
        return switch (step) {
            case COMPILE, DEVICE_LINK -> found == DEVICE_LINK || found == HOST_LINK ? DEVICE_LINK : COMPILE;
            default -> step;
        };
    }

    @Override
    public String toString() {
        return label;
    }
}
