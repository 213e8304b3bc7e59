package dev.hipdll.compile;

/**
 * How a translation unit is compiled, as CMake's {@code LANGUAGE} source property says it: a HIP
 * source (device and host code) gets a device compile per gfx target, an offload bundle and a host compile that
 * embeds it; a host-only source (C++ or C, no device code) gets one host compile and nothing else.
 */
public enum SourceLanguage {
    /** Device and host code: {@code -x hip}. */
    HIP("hip"),
    /** Host-only C++: {@code -x c++}. */
    CXX("c++"),
    /** Host-only C: {@code -x c}. */
    C("c");

    private final String clangLanguage;

    SourceLanguage(String clangLanguage) {
        this.clangLanguage = clangLanguage;
    }

    /** clang's {@code -x} value: {@code hip}, {@code c++}, {@code c}. */
    public String clangLanguage() {
        return clangLanguage;
    }

    /** Whether the unit has device code (a device compile per target and a bundle). */
    public boolean hasDeviceCode() {
        return this == HIP;
    }
}
