package dev.hipdll.build;

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
 */
public record TranslationUnits(Path sourceDirectory, List<Path> sources, List<Path> includeDirs, List<String> defines,
                               List<String> compilerArgs) {
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
        dev.hipdll.compile.SourceNames.check(sourceDirectory, sources, includeDirs);
        sources = List.copyOf(sources);
        includeDirs = List.copyOf(includeDirs);
        defines = List.copyOf(defines);
        compilerArgs = List.copyOf(compilerArgs);
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("no translation units in " + sourceDirectory);
        }
    }
}
