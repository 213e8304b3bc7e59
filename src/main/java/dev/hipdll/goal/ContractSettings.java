package dev.hipdll.goal;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.ContractException;
import dev.hipdll.contract.ContractSource;
import dev.hipdll.contract.LoaderPreprocessor;
import dev.hipdll.io.IoProblem;
import dev.hipdll.parameter.NumericParameters;
import dev.hipdll.parameter.ParameterException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The contract parameters of the goals that hold a DLL to the ABI contract (hipdll:verify, hipdll:load-check),
 * mapped to the core's {@link ContractSource}: one of {@code hip.contract}, {@code hip.exports},
 * {@code hip.exportsFile}, else {@code hip.expectedExports} names with the prefix.
 *
 * @param loaderSource    {@code hip.contract}: the host's loader source ({@code backend_loader.c}), or {@code null}
 * @param exports         {@code hip.exports} ({@code name?} optional); empty when unset
 * @param exportsFile     {@code hip.exportsFile}, or {@code null}
 * @param expectedExports {@code hip.expectedExports}: 0..65535
 * @param exportPrefix    {@code hip.exportPrefix}; {@code null}: the loader's, else {@link #DEFAULT_PREFIX}
 */
public record ContractSettings(Path loaderSource, List<String> exports, Path exportsFile, int expectedExports,
                               String exportPrefix) {
    /** The default of {@code hip.exportPrefix}. */
    public static final String DEFAULT_PREFIX = "coli_cuda_";

    /** Copies {@code exports} ({@code null}: empty). */
    public ContractSettings {
        exports = exports == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(exports));
    }

    /** @throws ParameterException {@code hip.expectedExports} outside 0..65535 (named, not a contract of -5 names) */
    public void checkCount() throws ParameterException {
        new NumericParameters().range("hip.expectedExports", expectedExports, 0, 65_535, "export names").check();
    }

    /** Whether only a loader source is given, so it is read (and the SDK's clang may preprocess it). */
    public boolean loaderOnly() {
        if (loaderSource == null || exportsFile != null) {
            return false;
        }
        for (String x : exports) {
            if (x != null && !x.isBlank()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The contract from exactly one source, else the count contract.
     *
     * @param preprocessor the SDK's clang for a loader source ({@link LoaderPreprocessors}), empty: the plugin's
     *                     own reader, which fails closed on a {@code RESOLVE} use through a macro it does not expand
     * @throws ParameterException {@code hip.expectedExports: -5 is outside 0..65535 (export names)}
     * @throws SetupException     "contract: ..." when more than one source is given, one is malformed or a file
     *                            cannot be read
     */
    public AbiContract load(Optional<LoaderPreprocessor> preprocessor) throws ParameterException, SetupException {
        checkCount();
        try {
            boolean explicit = exportPrefix != null;
            return new ContractSource(loaderSource, exports, exportsFile, expectedExports,
                    explicit ? exportPrefix : DEFAULT_PREFIX, explicit, preprocessor.orElse(null)).load();
        } catch (ContractException e) {
            throw new SetupException("contract: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new SetupException("contract: cannot read " + IoProblem.describe(e), e);
        }
    }
}
