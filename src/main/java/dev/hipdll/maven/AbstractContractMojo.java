package dev.hipdll.maven;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.ContractException;
import dev.hipdll.contract.ContractSource;
import java.io.File;
import java.io.IOException;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * The contract parameters of the goals that check a DLL against the ABI contract (hipdll:verify,
 * hipdll:load-check), mapped to the core's {@link ContractSource}: one of {@code hip.contract} (declared
 * by each goal, whose description says what it does with the names), {@code hip.exports},
 * {@code hip.exportsFile}, else {@code hip.expectedExports} (also declared by each goal) prefixed names.
 */
abstract class AbstractContractMojo extends AbstractHipdllMojo {

    /** The contract as an explicit list of export names ({@code name?} marks an optional one). */
    @Parameter(property = "hip.exports")
    List<String> exports;

    /** The contract as a file: one export name per line, {@code #} comments, {@code name?} optional. */
    @Parameter(property = "hip.exportsFile")
    File exportsFile;

    /** The prefix of every contract export. */
    @Parameter(property = "hip.exportPrefix", defaultValue = "coli_cuda_")
    String exportPrefix;

    /**
     * The contract from exactly one source, else the count contract of {@code expectedExports} prefixed names.
     *
     * @param loaderSource    the goal's {@code hip.contract}, or {@code null}
     * @param expectedExports the goal's {@code hip.expectedExports}
     * @throws MojoFailureException "contract: ..." when more than one source is given, one is malformed or a
     *                              file cannot be read
     */
    AbiContract contract(File loaderSource, int expectedExports) throws MojoFailureException {
        try {
            return new ContractSource(path(loaderSource), exports, path(exportsFile), expectedExports, exportPrefix)
                    .load();
        } catch (ContractException e) {
            throw new MojoFailureException("contract: " + e.getMessage());
        } catch (IOException e) {
            throw new MojoFailureException("contract: cannot read " + dev.hipdll.io.IoProblem.describe(e));
        }
    }
}
