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

    /**
     * The prefix of every contract export; unset: the prefix the loader source ({@code hip.contract}) spells
     * ({@code "vecops_" #name}), else {@code coli_cuda_}. Set and different from the loader's, {@code exports.prefix} fails.
     */
    @Parameter(property = "hip.exportPrefix")
    String exportPrefix;

    /**
     * From the command line inside a project: the configuration of the POM's one execution of this goal
     * ({@link CliExecutionConfiguration}), logged when it applies; in a multi-module build, the warning that
     * the goal runs once ({@link ReactorOnce}). The goals call it first.
     */
    void useTheProjectsExecutionConfiguration(org.apache.maven.execution.MavenSession session) {
        String once = ReactorOnce.warning(mojoExecution == null ? "?" : mojoExecution.getGoal(), mojoExecution, session);
        if (once != null) {
            getLog().warn(once);
        }
        String line = CliExecutionConfiguration.apply(this, session, mojoExecution);
        if (line != null) {
            getLog().info(line);
        }
    }

    /** The default of {@code hip.exportPrefix}. */
    static final String DEFAULT_PREFIX = "coli_cuda_";

    /**
     * The contract from exactly one source, else the count contract of {@code expectedExports} prefixed names.
     *
     * @param loaderSource    the goal's {@code hip.contract}, or {@code null}
     * @param expectedExports the goal's {@code hip.expectedExports}
     * @throws MojoFailureException "contract: ..." when more than one source is given, one is malformed or a
     *                              file cannot be read
     */
    AbiContract contract(File loaderSource, int expectedExports) throws MojoFailureException {
        try { // issue 12 item 13: named, not a contract of -5 names
            new dev.hipdll.parameter.NumericParameters().range("hip.expectedExports", expectedExports, 0, 65_535,
                    "export names").check();
        } catch (dev.hipdll.parameter.ParameterException e) {
            throw parameterError(e.getMessage());
        }
        try {
            boolean explicit = exportPrefix != null;
            return new ContractSource(path(loaderSource), exports, path(exportsFile), expectedExports,
                    explicit ? exportPrefix : DEFAULT_PREFIX, explicit).load();
        } catch (ContractException e) {
            throw new MojoFailureException("contract: " + e.getMessage());
        } catch (IOException e) {
            throw new MojoFailureException("contract: cannot read " + dev.hipdll.io.IoProblem.describe(e));
        }
    }
}
