package dev.hipdll.compile;

import dev.hipdll.target.GfxTarget;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the hipcc argument list for a {@link CompileRequest}, in upstream's order: {@code -O3
 * -std=c++17 -x hip}, one {@code --offload-arch=} per gfx target, {@code -shared
 * -DCOLI_CUDA_BUILDING_DLL}, {@code --hip-path=}, {@code -I}, {@code --rocm-device-lib-path=},
 * {@code -L <lib> -lamdhip64}, the runtime choice, the sources, {@code -o}. Each element is one
 * argument; nothing is joined into a shell string.
 */
public final class HipccCommand {
    /** The define that makes the backend export its entry points. */
    public static final String EXPORT_DEFINE = "COLI_CUDA_BUILDING_DLL";

    private HipccCommand() {
    }

    /**
     * The arguments (without the hipcc executable itself).
     *
     * @param request what to build
     * @param output  where hipcc writes the DLL (a temporary name beside the final output)
     */
    public static List<String> arguments(CompileRequest request, Path output) {
        return arguments(request, output, null);
    }

    /**
     * The arguments, asking the compiler for a Make-style dependency file of every file it reads
     * ({@code -MD -MF <depFile>}, before the sources), which the build stamp is made from.
     *
     * @param request what to build
     * @param output  where hipcc writes the DLL
     * @param depFile where to write the dependency file, or {@code null} for none
     */
    public static List<String> arguments(CompileRequest request, Path output, Path depFile) {
        List<String> a = new ArrayList<>();
        a.add("-O3");
        a.add("-std=c++17");
        a.add("-x");
        a.add("hip");
        for (GfxTarget t : request.targets().targets()) {
            a.add("--offload-arch=" + t);
        }
        a.add("-shared");
        a.add("-D" + EXPORT_DEFINE);
        for (String d : request.defines()) {
            a.add("-D" + d);
        }
        a.add("--hip-path=" + request.sdk().root().path());
        a.add("-I" + request.sdk().includeDir().path());
        for (Path inc : request.includeDirs()) {
            a.add("-I" + inc);
        }
        a.add("--rocm-device-lib-path=" + request.sdk().deviceLibDir().path());
        a.add("-L");
        a.add(request.sdk().libDir().path().toString());
        a.add("-lamdhip64");
        a.add(request.staticRuntime() ? "-fms-runtime-lib=static" : "-fms-runtime-lib=dll");
        a.addAll(request.extraArgs());
        if (depFile != null) {
            a.add("-MD");
            a.add("-MF");
            a.add(depFile.toString());
        }
        for (Path s : request.sources()) {
            a.add(s.toString());
        }
        a.add("-o");
        a.add(output.toString());
        return a;
    }
}
