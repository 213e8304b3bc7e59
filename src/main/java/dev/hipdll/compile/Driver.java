package dev.hipdll.compile;

import dev.hipdll.host.OsFamily;
import dev.hipdll.sdk.HipSdk;
import java.nio.file.Path;
import dev.hipdll.parameter.ClosestName;
import java.util.List;
import java.util.Locale;

/**
 * Which program runs the compile and link steps ({@code hip.driver}).
 *
 * <ul>
 *   <li>{@link #HIPCC} (default): the SDK's hipcc, once per step with that step's flags, as the
 *       design card says; hipcc adds its own SDK flags and hands the rest to clang.</li>
 *   <li>{@link #CLANG}: the SDK's clang directly, as ROCm's TheRock recommends in place of hipcc
 *       ({@code docs/development/hipcc_deprecation.md}: {@code amdclang++ --hip-path
 *       --hip-device-lib-path}), with the flags hipcc would add ({@link HipccFlags}).</li>
 * </ul>
 * The offload bundles are made with the SDK's {@code clang-offload-bundler} (beside clang) in both.
 */
public enum Driver {
    /** hipcc runs every compile and the link. */
    HIPCC,
    /** The SDK's clang runs every compile and the link. */
    CLANG;

    /**
     * Parses {@code hip.driver}.
     *
     * @param text {@code hipcc} or {@code clang}, any case; {@code null} or blank gives {@link #HIPCC}
     * @throws IllegalArgumentException naming the property and the values allowed
     */
    public static Driver parse(String text) {
        if (text == null || text.isBlank()) {
            return HIPCC;
        }
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "hipcc" -> HIPCC;
            case "clang" -> CLANG;
            default -> throw new IllegalArgumentException("hip.driver: '" + text + "' is no driver; expected 'hipcc'"
                    + " or 'clang'" + ClosestName.of(text.trim(), List.of("hipcc", "clang"))
                            .map(c -> "; did you mean '" + c + "'?").orElse(""));
        };
    }

    /**
     * The program this driver runs for compile and link steps.
     *
     * @param sdk the resolved SDK
     * @param os  the host's OS ({@code clang.exe} on Windows)
     */
    public Path executable(HipSdk sdk, OsFamily os) {
        return this == HIPCC ? sdk.hipcc().path() : tool(sdk, os, "clang");
    }

    /** A program in the SDK's clang directory, {@code <name>.exe} on Windows. */
    public static Path tool(HipSdk sdk, OsFamily os, String name) {
        return sdk.clangDir().path().resolve(os == OsFamily.WINDOWS ? name + ".exe" : name);
    }

    /** The lowercase name, as {@code hip.driver} spells it. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
