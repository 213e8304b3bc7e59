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

    @Override
    public String toString() {
        return label;
    }
}
