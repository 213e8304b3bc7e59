package dev.hipdll.doctor;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.Toolchain;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Stub HIP runtimes (the stand-in SDK's amdhip64.c) with a chosen version resource, built with clang-19 and llvm-rc-19. */
public final class RuntimeFixtures {
    private RuntimeFixtures() {
    }

    /**
     * Builds {@code dir/amdhip64_7.dll} from the stand-in runtime source with FILEVERSION {@code a,b,c,d}.
     *
     * @param version e.g. {@code 7,0,1,0}
     */
    public static Path runtime(Path dir, String version) {
        Toolchain.require("llvm-rc-19");
        try {
            Files.createDirectories(dir);
            Path rc = dir.resolve("version.rc");
            Files.writeString(rc, "1 VERSIONINFO\nFILEVERSION " + version + "\nPRODUCTVERSION " + version
                    + "\nBEGIN\n  BLOCK \"StringFileInfo\"\n  BEGIN\n    BLOCK \"040904b0\"\n    BEGIN\n"
                    + "      VALUE \"FileVersion\", \"" + version.replace(',', '.') + "\"\n    END\n  END\nEND\n");
            Path res = dir.resolve("version.res");
            Exec.ok(dir, List.of(Toolchain.tool("llvm-rc-19").toString(), "/no-preprocess", "/fo", res.toString(),
                    "--", rc.toString()));  // "--": a temporary directory such as /dev/shm/... is not llvm-rc's /D
            String source = Files.readString(Fixtures.standinSource("amdhip64.c"));
            return Fixtures.cDll(dir, "amdhip64_7.dll", "x86_64-pc-windows-msvc", source,
                    List.of("/def:" + Fixtures.standinSource("amdhip64_7.def"), res.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
