package dev.hipdll.pipeline;

import dev.hipdll.digest.FileDigests;
import dev.hipdll.compile.BuildFailedException;
import dev.hipdll.compile.BuildSetup;
import java.io.IOException;

/** Lets tests in other packages call the build's package-private checks. */
public final class HipDllBuildTestAccess {
    private HipDllBuildTestAccess() {
    }

    /** {@link BuildPlan#checkToolchainKey} with a silent log. */
    public static void checkToolchainKey(String expected, BuildSetup setup) throws BuildFailedException, IOException {
        BuildPlan.checkToolchainKey(expected, setup, new FileDigests(), new BuildListener() {
            @Override
            public void info(String line) {
            }

            @Override
            public void warn(String line) {
            }

            @Override
            public void debug(String line) {
            }
        });
    }
}
