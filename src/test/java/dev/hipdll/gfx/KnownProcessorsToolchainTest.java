package dev.hipdll.gfx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.bundle.BundleEntry;
import dev.hipdll.bundle.OffloadBundle;
import dev.hipdll.bundle.OffloadBundleReader;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checks the processor table against clang-19 itself: every processor the table says clang 19
 * accepts is compiled, and the code object's e_flags must carry the table's EF_AMDGPU_MACH value;
 * every processor the table dates after clang 19 must be rejected by it.
 */
class KnownProcessorsToolchainTest {
    @TempDir
    Path dir;

    @Test
    void tableAgreesWithClang19() throws Exception {
        Path clang = Toolchain.tool("clang-19");
        Path src = dir.resolve("k.hip");
        Files.writeString(src, "#define __global__ __attribute__((global))\n__global__ void k(float *x) { x[0] = 1.0f; }\n");
        List<String> supported = new ArrayList<>();
        for (GfxProcessor p : KnownProcessors.all()) {
            if (p.generic()) {
                continue; // clang 19 does not take generic targets as an HIP offload arch
            }
            Path obj = dir.resolve(p.name() + ".o");
            Exec.Result r = Exec.run(dir, List.of(clang.toString(), "-x", "hip", "--target=x86_64-pc-windows-msvc",
                    "--offload-arch=" + p.name(), "-nogpulib", "-nogpuinc", "--cuda-device-only", "--gpu-bundle-output",
                    "-c", src.toString(), "-o", obj.toString()));
            if (p.sinceClang() > 19) {
                assertTrue(r.exit() != 0, p.name() + " is dated after clang 19 but clang-19 accepted it");
                continue;
            }
            assertEquals(0, r.exit(), p.name() + ": " + r.output());
            supported.add(p.name());
            try (ByteSource s = ByteSource.open(obj)) {
                OffloadBundle b = new OffloadBundleReader().read(s, 0);
                BundleEntry device = b.entries().stream().filter(e -> e.id().isHipDevice()).findFirst().orElseThrow();
                assertEquals(p.name(), device.id().targetId());
                assertEquals(p.elfMach(), device.codeObject().orElseThrow().mach(),
                        String.format("%s: table says 0x%x", p.name(), p.elfMach()));
            }
        }
        assertTrue(supported.contains("gfx1151"));
    }
}
