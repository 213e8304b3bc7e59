package dev.hipdll.maven;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.ContractException;
import dev.hipdll.contract.ContractSource;
import java.io.File;
import java.io.IOException;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;

/**
 * Maps the contract parameters shared by hipdll:verify and hipdll:load-check ({@code hip.contract},
 * {@code hip.exports}, {@code hip.exportsFile}, {@code hip.expectedExports}, {@code hip.exportPrefix})
 * to the core's {@link ContractSource} and turns its errors into build failures.
 */
final class ContractParameters {
    private ContractParameters() {
    }

    /**
     * The contract from exactly one source, else the expected count of prefixed names.
     *
     * @throws MojoFailureException "contract: ..." when more than one source is given, one is malformed or
     *                              a file cannot be read
     */
    static AbiContract load(File contract, List<String> exports, File exportsFile, int expectedExports,
                            String exportPrefix) throws MojoFailureException {
        try {
            return new ContractSource(AbstractHipdllMojo.path(contract), exports,
                    AbstractHipdllMojo.path(exportsFile), expectedExports, exportPrefix).load();
        } catch (ContractException e) {
            throw new MojoFailureException("contract: " + e.getMessage());
        } catch (IOException e) {
            throw new MojoFailureException("contract: cannot read " + e.getMessage());
        }
    }
}
