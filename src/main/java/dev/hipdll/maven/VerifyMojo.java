package dev.hipdll.maven;

import dev.hipdll.bundle.OffloadBundleReader;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.ContractException;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.incremental.StampStore;
import dev.hipdll.report.TableReport;
import dev.hipdll.target.GfxTarget;
import dev.hipdll.target.GfxTargetList;
import dev.hipdll.target.InvalidTargetException;
import dev.hipdll.verify.DllVerifier;
import dev.hipdll.verify.VerifyOptions;
import dev.hipdll.verify.VerifyReport;
import java.io.File;
import java.io.IOException;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Verifies a HIP backend DLL before release: PE32+ x64 DLL, imports only from the allowed DLLs,
 * exports exactly the ABI contract, device code for each requested gfx target. Runs without a
 * project too ({@code mvn dev.hipdll:hipdll-maven-plugin:<version>:verify -Dhip.dll=...}).
 */
@Mojo(name = "verify", defaultPhase = LifecyclePhase.VERIFY, requiresProject = false, threadSafe = true)
public class VerifyMojo extends AbstractMojo {

    /** The DLL to verify. */
    @Parameter(property = "hip.dll", defaultValue = "${project.build.directory}/hipdll/coli_hip.dll")
    File dll;

    /** Comma-separated gfx target IDs whose device code must be embedded; unset skips the device-code check. */
    @Parameter(property = "hip.arch")
    String arch;

    /** DLLs the image may import (case-insensitive). */
    @Parameter(property = "hip.allowedImports", defaultValue = "amdhip64_7.dll,KERNEL32.dll")
    List<String> allowedImports;

    /** How many exported names with {@code exportPrefix} the DLL must have, when no {@code contract} is given. */
    @Parameter(property = "hip.expectedExports", defaultValue = "48")
    int expectedExports;

    /** The host's loader source ({@code backend_loader.c}); its RESOLVE/RESOLVE_OPT lines become the contract. */
    @Parameter(property = "hip.contract")
    File contract;

    /** The prefix of every contract export. */
    @Parameter(property = "hip.exportPrefix", defaultValue = "coli_cuda_")
    String exportPrefix;

    /** Limit on a compressed offload bundle's declared uncompressed size, in MiB. */
    @Parameter(property = "hip.maxBundleMiB", defaultValue = "512")
    int maxBundleMiB;

    /** Skip this goal. */
    @Parameter(property = "hip.skip", defaultValue = "false")
    boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("hipdll:verify skipped (hip.skip)");
            return;
        }
        List<GfxTarget> targets;
        try {
            targets = arch == null || arch.isBlank() ? List.of() : GfxTargetList.parse(arch).targets();
        } catch (InvalidTargetException e) {
            throw new MojoFailureException("hip.arch: " + e.getMessage());
        }
        AbiContract abi;
        if (contract != null) {
            try {
                abi = new LoaderSourceParser(exportPrefix).parse(contract.toPath());
            } catch (ContractException e) {
                throw new MojoFailureException("hip.contract: " + e.getMessage());
            } catch (IOException e) {
                throw new MojoFailureException("hip.contract: cannot read " + contract + ": " + e.getMessage());
            }
        } else {
            abi = new AbiContract.CountContract(exportPrefix, expectedExports, "hip.expectedExports=" + expectedExports);
        }
        VerifyOptions options = new VerifyOptions(targets, allowedImports, abi,
                Math.min((long) maxBundleMiB << 20, OffloadBundleReader.DEFAULT_MAX_UNCOMPRESSED * 3));
        VerifyReport report = new DllVerifier().verify(dll.toPath(), options);
        for (String line : new TableReport().render(report)) {
            getLog().info(line);
        }
        try {
            // The build stamp of a DLL built earlier in this Maven build waits for this verdict.
            StampStore stamps = new StampStore(dll.toPath());
            if (!report.passed()) {
                stamps.discardPending();
            } else if (stamps.promotePending()) {
                getLog().info("build stamp written: " + stamps.committedFile());
            }
        } catch (IOException e) {
            getLog().warn("cannot update the build stamp beside " + dll + ": " + e.getMessage());
        }
        if (!report.passed()) {
            throw new MojoFailureException("hipdll:verify rejected " + dll + ": " + report.count(dev.hipdll.verify.Verdict.FAIL)
                    + " check(s) failed (see the table above)");
        }
    }
}
