package dev.hipdll.compile;

import dev.hipdll.host.OsFamily;
import dev.hipdll.sdk.HipSdk;
import java.util.List;

/**
 * The flags AMD's hipcc adds to a clang command on Windows, which {@code hip.driver=clang} adds
 * itself (sources and per-version details: docs/step-graph.md, "What hipcc adds"; read in
 * ROCm/HIPCC {@code src/hipBin_amd.h} and TheRock's hipcc patches).
 *
 * <p>Every step already names the SDK explicitly: {@code --hip-path=}, {@code -I<include>},
 * {@code --rocm-device-lib-path=} for compiles, {@code -L<lib> -lamdhip64} for the link, and
 * {@code -O3 -x hip --offload-arch=} for each compile, which covers what hipcc derives from its
 * {@code HIP_PATH} and its defaults. What remains is the link: hipcc 6.2 and later (the C++
 * {@code hipcc.exe}/{@code hipcc.bin.exe}, and TheRock's 7.x) add {@code --hip-link} and
 * {@code -fuse-ld=lld --ld-path=<clang directory>\lld-link.exe}. Left out on purpose:
 * {@code --driver-mode=g++} (added only through a quoting bug, and without effect on an MSVC-target
 * link) and, for SDKs up to 6.0, {@code -isystem <include>} and {@code -mllvm
 * -amdgpu-early-inline-all=true -mllvm -amdgpu-function-calls=false}, which later hipcc dropped.
 */
public final class HipccFlags {
    private HipccFlags() {
    }

    /**
     * The flags for one step.
     *
     * @param sdk  the SDK (its clang directory holds lld-link)
     * @param os   the host's OS ({@code lld-link.exe} on Windows)
     * @param kind the step kind ({@link StepKind#BUNDLE} runs clang-offload-bundler and gets none)
     * @return the flags, to go before the step's own
     */
    public static List<String> added(HipSdk sdk, OsFamily os, StepKind kind) {
        if (kind != StepKind.LINK) {
            return List.of();
        }
        return List.of("--hip-link", "-fuse-ld=lld", "--ld-path=" + Driver.tool(sdk, os, "lld-link"));
    }
}
