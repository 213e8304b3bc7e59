package dev.hipdll.contract;

import dev.hipdll.parameter.ParameterHints;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the ABI contract comes from: exactly one of a loader source ({@code hip.contract}), an
 * explicit list ({@code hip.exports}), a list file ({@code hip.exportsFile}), else the expected
 * count of prefixed names ({@code hip.expectedExports}, default 48).
 *
 * @param loaderSource  a {@code backend_loader.c}, or {@code null}
 * @param exports       explicit export names (see {@link ExportListParser}), possibly empty
 * @param exportsFile   a list file, or {@code null}
 * @param expectedCount the count used when none of the above is given
 * @param prefix        the export-name prefix, e.g. {@code coli_cuda_}; a loader source that spells its
 *                      own ({@code "vecops_" #name}) gives the contract that one instead
 * @param explicitPrefix whether {@code prefix} was given explicitly ({@code hip.exportPrefix}): a loader
 *                      spelling another one then fails {@code exports.prefix}, naming both
 * @param preprocessor  the SDK's clang, when it is at hand: a loader source is then read as the compiler
 *                      preprocesses it ({@link LoaderSourceParser#parse(Path, LoaderPreprocessor)}); {@code null}:
 *                      by {@link LoaderSourceParser} alone, which fails closed on uses through macros it does not
 *                      expand
 * @param hints         how the front end words a parameter in the errors ({@code -Dhip.sdkRoot} from Maven); never
 *                      {@code null}
 */
public record ContractSource(Path loaderSource, List<String> exports, Path exportsFile, int expectedCount,
                             String prefix, boolean explicitPrefix, LoaderPreprocessor preprocessor,
                             ParameterHints hints) {
    /** Creates a source; {@code exports} is copied ({@code null} means empty). */
    public ContractSource {
        List<String> names = new ArrayList<>();
        if (exports != null) {
            for (String s : exports) {
                if (s != null && !s.isBlank()) {
                    names.add(s);
                }
            }
        }
        exports = List.copyOf(names);
        java.util.Objects.requireNonNull(hints, "hints");
    }

    /** A source of a Maven build ({@link ParameterHints#MAVEN}). */
    public ContractSource(Path loaderSource, List<String> exports, Path exportsFile, int expectedCount,
                          String prefix, boolean explicitPrefix, LoaderPreprocessor preprocessor) {
        this(loaderSource, exports, exportsFile, expectedCount, prefix, explicitPrefix, preprocessor,
                ParameterHints.MAVEN);
    }

    /** A source whose prefix is the default, not given explicitly: a loader's own prefix wins silently. */
    public ContractSource(Path loaderSource, List<String> exports, Path exportsFile, int expectedCount, String prefix) {
        this(loaderSource, exports, exportsFile, expectedCount, prefix, false);
    }

    /** A source read without the SDK's clang. */
    public ContractSource(Path loaderSource, List<String> exports, Path exportsFile, int expectedCount, String prefix,
                          boolean explicitPrefix) {
        this(loaderSource, exports, exportsFile, expectedCount, prefix, explicitPrefix, null);
    }

    /**
     * Reads the contract.
     *
     * @throws ContractException when more than one source is given, or the one given is malformed
     * @throws IOException       when a file cannot be read
     */
    public AbiContract load() throws IOException, ContractException {
        List<String> given = new ArrayList<>();
        if (loaderSource != null) {
            given.add("hip.contract");
        }
        if (!exports.isEmpty()) {
            given.add("hip.exports");
        }
        if (exportsFile != null) {
            given.add("hip.exportsFile");
        }
        if (given.size() > 1) {
            throw new ContractException("give one contract source, not " + String.join(" and ", given));
        }
        if (loaderSource != null) {
            LoaderSourceParser parser = new LoaderSourceParser(prefix, explicitPrefix, hints);
            return preprocessor == null ? parser.parse(loaderSource) : parser.parse(loaderSource, preprocessor);
        }
        if (!exports.isEmpty()) {
            return new ExportListParser(prefix).parse("hip.exports", exports);
        }
        if (exportsFile != null) {
            return new ExportListParser(prefix).parse(exportsFile);
        }
        return new AbiContract.CountContract(prefix, expectedCount, "hip.expectedExports=" + expectedCount);
    }
}
