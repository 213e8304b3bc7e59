package dev.hipdll.compile;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * A translation unit's compilation-unit ID, passed to clang as {@code -cuid=} (device compiles) and
 * {@code -Xclang -cuid=} (host compile: clang-19's driver forwards {@code -cuid=} only to jobs that
 * have device actions, checked with {@code -###}). clang uses it to name the unit's externalized
 * device-side statics and its {@code __hip_cuid_*} symbol; the device and host compiles of one unit
 * must get the same value, and two units of one DLL different values.
 *
 * <p>Without it clang hashes the driver arguments ({@code -fuse-cuid=hash}, the default), absolute
 * SDK and project paths included, so the DLL would depend on where the project and the SDK live.
 * Here the value is the first 16 hex digits of the SHA-256 of the unit's path relative to the source
 * directory ({@code /} separators) and of the options that change its code (optimization level,
 * language standard, defines, extra compiler arguments), each followed by a NUL byte. The gfx
 * targets are left out on purpose: adding a target must not change the code of the others.
 *
 * @param value the ID, 16 lowercase hex digits
 */
public record Cuid(String value) {
    /** Checks the form. @throws IllegalArgumentException when {@code value} is not 16 lowercase hex digits */
    public Cuid {
        if (!value.matches("[0-9a-f]{16}")) {
            throw new IllegalArgumentException("a CUID here is 16 lowercase hex digits, was '" + value + "'");
        }
    }

    /**
     * Derives a unit's CUID.
     *
     * @param unit        the path relative to the source directory, {@code /} separators
     * @param codeOptions the options that change the unit's code, in command order
     */
    public static Cuid of(String unit, List<String> codeOptions) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(unit.getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
            for (String o : codeOptions) {
                md.update(o.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            return new Cuid(HexFormat.of().formatHex(md.digest()).substring(0, 16));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** The device-compile argument, {@code -cuid=<value>}. */
    public String driverArgument() {
        return "-cuid=" + value;
    }
}
