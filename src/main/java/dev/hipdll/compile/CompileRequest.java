package dev.hipdll.compile;

import dev.hipdll.sdk.HipSdk;
import dev.hipdll.gfx.GfxTargetList;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything one hipcc run needs.
 *
 * @param sdk          the resolved HIP SDK
 * @param targets      the gfx targets, each passed as its own {@code --offload-arch=}
 * @param sources      the translation units, in order
 * @param includeDirs  extra include directories ({@code -I}), in order
 * @param defines      preprocessor definitions ({@code NAME} or {@code NAME=VALUE}), besides
 *                     {@code COLI_CUDA_BUILDING_DLL} which is always set
 * @param extraArgs    further hipcc arguments, appended before the sources
 * @param staticRuntime whether to link the static MSVC runtime ({@code -fms-runtime-lib=static})
 * @param output       the DLL to write
 * @param languages    which sources are HIP and which host-only ({@link SourceLanguages}); {@code null}: by extension
 * @param libraries    the SDK libraries the link takes by name ({@code -l<name>}), besides the runtime
 */
public record CompileRequest(HipSdk sdk, GfxTargetList targets, List<Path> sources, List<Path> includeDirs,
                             List<String> defines, List<String> extraArgs, boolean staticRuntime, Path output,
                             SourceLanguages languages, List<dev.hipdll.sdk.SdkLibrary> libraries) {
    /** A request whose sources' languages follow their extensions, linking no SDK library besides the runtime. */
    public CompileRequest(HipSdk sdk, GfxTargetList targets, List<Path> sources, List<Path> includeDirs,
                          List<String> defines, List<String> extraArgs, boolean staticRuntime, Path output) {
        this(sdk, targets, sources, includeDirs, defines, extraArgs, staticRuntime, output, SourceLanguages.BY_EXTENSION,
                List.of());
    }

    /** Creates a request; lists are copied. */
    public CompileRequest {
        languages = languages == null ? SourceLanguages.BY_EXTENSION : languages;
        libraries = List.copyOf(libraries);
        sources = List.copyOf(sources);
        includeDirs = List.copyOf(includeDirs);
        defines = List.copyOf(defines);
        extraArgs = List.copyOf(extraArgs);
    }
}
