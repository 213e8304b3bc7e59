package dev.hipdll.pipeline;

import java.nio.file.Path;
import java.util.List;

/**
 * The sources of the DLL and how they are compiled.
 *
 * @param sourceDirectory the directory the units are named relative to ({@code src/main/hip})
 * @param sources         the translation units, in order (absolute)
 * @param includeDirs     extra include directories ({@code -I}), in order
 * @param defines         preprocessor definitions besides {@code COLI_CUDA_BUILDING_DLL}
 * @param compilerArgs    extra arguments: link-only ones ({@code -Wl,}, {@code -L}, {@code -l}) go to the link,
 *                        the rest to every compile
 * @param languages       which sources are HIP and which host-only; {@code null}: by extension
 * @param libraries       the HIP SDK libraries the link takes by name ({@code hip.libraries}, e.g. {@code hipblas}),
 *                        resolved in the SDK's {@code lib} directory ({@link dev.hipdll.sdk.SdkLibraries})
 * @param includes        the patterns under {@code sourceDirectory} the sources were found by ({@code includes}, e.g.
 *                        {@code **}{@code /*.cu}); empty: the sources were listed by hand. Only stamped: the build
 *                        compiles {@code sources}
 */
public record TranslationUnits(Path sourceDirectory, List<Path> sources, List<Path> includeDirs, List<String> defines,
                               List<String> compilerArgs, dev.hipdll.compile.SourceLanguages languages,
                               List<String> libraries, List<String> includes) {
    /** Units whose languages follow their extensions, linking no SDK library besides the runtime. */
    public TranslationUnits(Path sourceDirectory, List<Path> sources, List<Path> includeDirs, List<String> defines,
                            List<String> compilerArgs) {
        this(sourceDirectory, sources, includeDirs, defines, compilerArgs, null, List.of(), List.of());
    }

    /** Units linking no SDK library besides the runtime. */
    public TranslationUnits(Path sourceDirectory, List<Path> sources, List<Path> includeDirs, List<String> defines,
                            List<String> compilerArgs, dev.hipdll.compile.SourceLanguages languages) {
        this(sourceDirectory, sources, includeDirs, defines, compilerArgs, languages, List.of(), List.of());
    }

    /** Units listed by hand (no {@code includes} patterns). */
    public TranslationUnits(Path sourceDirectory, List<Path> sources, List<Path> includeDirs, List<String> defines,
                            List<String> compilerArgs, dev.hipdll.compile.SourceLanguages languages,
                            List<String> libraries) {
        this(sourceDirectory, sources, includeDirs, defines, compilerArgs, languages, libraries, List.of());
    }

    /**
     * Copies the lists.
     *
     * @throws IllegalArgumentException when there is no source, {@code compilerArgs} holds an argument the
     *                                  step graph cannot honour ({@link dev.hipdll.compile.CompilerArgsPolicy}),
     *                                  a source or include directory has a control character in its name, or two
     *                                  sources would be the same translation unit
     *                                  ({@link dev.hipdll.compile.SourceNames}): all before anything runs
     */
    public TranslationUnits {
        dev.hipdll.compile.CompilerArgsPolicy.check(compilerArgs);
        languages = languages == null ? dev.hipdll.compile.SourceLanguages.BY_EXTENSION : languages;
        dev.hipdll.compile.SourceNames.check(sourceDirectory, sources, includeDirs);
        sources = List.copyOf(sources);
        includeDirs = List.copyOf(includeDirs);
        defines = List.copyOf(defines);
        compilerArgs = List.copyOf(compilerArgs);
        libraries = List.copyOf(libraries);
        includes = List.copyOf(includes);
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("no translation units in " + sourceDirectory);
        }
    }
}
