package dev.hipdll.compile;

import java.util.List;

/**
 * The extra compiler arguments ({@code compilerArgs}) the step graph cannot honour, refused before
 * anything runs with what to do instead:
 * <ul>
 *   <li>{@code --offload-arch=}, {@code --cuda-gpu-arch=}, {@code --no-offload-arch=}: the targets are
 *       {@code hip.arch}, one device step each (a second target in one step makes clang fail with
 *       "cannot specify -o when generating multiple output files");</li>
 *   <li>{@code -fgpu-rdc}: relocatable device code needs a device link across units, which the
 *       graph (one code object per unit and target) does not have;</li>
 *   <li>{@code --offload-device-only}, {@code --offload-host-only}, {@code -c}, {@code -o}, {@code -E},
 *       {@code -S}, {@code -shared}, {@code -save-temps}: each step sets its own mode and output, and
 *       {@code -save-temps} writes fixed names into the working directory that parallel steps of two
 *       units would overwrite.</li>
 * </ul>
 */
public final class CompilerArgsPolicy {
    private CompilerArgsPolicy() {
    }

    /**
     * Checks the arguments.
     *
     * @param args {@code compilerArgs}
     * @throws IllegalArgumentException naming the argument, the parameter and what to do
     */
    public static void check(List<String> args) {
        for (String a : args) {
            String why = null;
            if (a.startsWith("--offload-arch=") || a.startsWith("--cuda-gpu-arch=") || a.startsWith("--no-offload-arch=")
                    || a.equals("--offload-arch")) {
                why = "name the gfx targets with hip.arch: each gets its own device compile step";
            } else if (a.equals("-fgpu-rdc")) {
                why = "relocatable device code needs a device link across translation units, which the step graph"
                        + " (one code object per unit and target) does not have";
            } else if (List.of("--offload-device-only", "--offload-host-only", "--cuda-device-only", "--cuda-host-only",
                    "-c", "-o", "-E", "-S", "-shared").contains(a)) {
                why = "each build step sets its own mode and output";
            } else if (a.startsWith("-save-temps")) {
                why = "it writes fixed file names into the working directory, which parallel steps would overwrite";
            }
            if (why != null) {
                throw new IllegalArgumentException("compilerArgs: '" + a + "' is not allowed: " + why);
            }
        }
    }
}
