package dev.hipdll.windowstier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderPreprocessor;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.environment.CompilerVariables;
import dev.hipdll.host.Host;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.sdk.HipSdkResolver;
import dev.hipdll.sdk.SdkOverrides;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Windows: the loader read as the SDK's clang.exe preprocesses it (what hipdll:verify and
 * hipdll:load-check do when the SDK resolves), with Windows paths in clang's arguments and in its line markers
 * ({@code # 160 "C:\\...\\backend_loader.c"}). The example plus {@code EACH(RESOLVE)} of one more name: the
 * name is required, placed at the line of {@code EACH(RESOLVE)} in the loader (not the temporary copy);
 * {@code windows.h} and {@code stdio.h} are not searched for (no system directory), whatever the machine has;
 * the tier's decoy compiler variables ({@code CL}, {@code CCC_OVERRIDE_OPTIONS}, ...) do not reach clang.
 */
@Tag(WindowsTier.TAG)
class ContractPreprocessTest {
    @Test
    void theLoaderIsReadAsTheSdksClangPreprocessesIt() throws Exception {
        Host host = WindowsTier.host();
        Path clang = new HipSdkResolver(host).resolveClangDir(new SdkOverrides(WindowsTier.SDK, null, null, null, null,
                null, null), Optional.empty()).path().resolve("clang.exe");
        String example = Files.readString(WindowsTier.example().resolve("host").resolve("backend_loader.c"),
                StandardCharsets.UTF_8);
        int at = example.indexOf("    return 1;\n}\n\nint coli_backend_load");
        String text = example.substring(0, at) + "#define EACH(M) M(extra1, coli_init_fn)\n    EACH(RESOLVE);\n"
                + example.substring(at);
        Path loader = Files.writeString(WindowsTier.work("contract").resolve("backend_loader.c"), text.replace("\n", "\r\n"),
                StandardCharsets.UTF_8);
        int line = (int) text.lines().takeWhile(l -> !l.contains("EACH(RESOLVE)")).count() + 1;

        AbiContract.NamedContract c = new LoaderSourceParser("coli_cuda_").parse(loader,
                new LoaderPreprocessor(clang, new ProcessRunner(Duration.ofMinutes(2)), // as the goals run it:
                        CompilerVariables.load().withoutCompilerVariables(host.environment().toMap(), true, Set.of())));
        assertEquals(47, c.required().size(), c.required().toString());
        assertTrue(c.required().contains("coli_cuda_extra1"));
        assertEquals(List.of("coli_cuda_device_integrated", "coli_cuda_e8_set_grid"), c.optional());
        assertEquals(loader + ":" + line, c.origins().get("coli_cuda_extra1"));
        assertEquals(loader + " (47 RESOLVE + 2 RESOLVE_OPT; names as clang -E preprocesses it, headers not found read"
                + " as empty: windows.h, stdio.h)", c.origin());
    }
}
