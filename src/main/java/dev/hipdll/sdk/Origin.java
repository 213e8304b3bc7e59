package dev.hipdll.sdk;

/**
 * Where a resolved value came from, printed in the resolution table, in errors and in the stamp,
 * e.g. {@code -Dhip.libDir}, {@code HIP_SDK_ROOT}, {@code toolchains.xml}, {@code HIP_PATH}.
 *
 * @param description the source, as a user would name it
 */
public record Origin(String description) {
    @Override
    public String toString() {
        return description;
    }
}
