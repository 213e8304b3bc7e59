package dev.hipdll.pe;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.ReaderFuzz;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The COFF import library reader under seeded mutants ({@link ReaderFuzz}): the stand-in SDK's
 * {@code amdhip64.lib} (llvm-dlltool-19) and static {@code libcmt.lib} (llvm-lib-19), and an import library
 * llvm-lib-19 makes of a module definition (a function, a data export, an ordinal-only export), mutated anywhere. Each mutant is read with
 * {@link ImportLibrary#dllName}; only {@link BinaryFormatException} may come out.
 */
@Tag("fuzz")
class ImportLibraryFuzzTest {
    @TempDir
    Path dir;

    @Test
    void mutantsOfImportLibrariesReadOrFailByName() throws Exception {
        Path lib = Toolchain.standinSdk().resolve("lib");
        Toolchain.require("llvm-lib-19");
        Files.writeString(dir.resolve("x.def"), "LIBRARY x.dll\nEXPORTS\nf\ng DATA\nh @7 NONAME\n");
        Exec.ok(dir, List.of("llvm-lib-19", "/machine:x64", "/def:x.def", "/out:x-implib.lib"));
        List<String> dictionary = List.of("!<arch>\n", "/               ", "//              ", "`\n", "9999999999",
                "-1        ", "\u0000\u0000\u00ff\u00ff");
        List<ReaderFuzz.Seed> seeds = List.of(
                ReaderFuzz.Seed.whole("amdhip64.lib", Files.readAllBytes(lib.resolve("amdhip64.lib")), dictionary),
                ReaderFuzz.Seed.whole("libcmt.lib", Files.readAllBytes(lib.resolve("msvc-standin/libcmt.lib")), dictionary),
                ReaderFuzz.Seed.whole("x-implib.lib", Files.readAllBytes(dir.resolve("x-implib.lib")), dictionary));
        Path mutant = dir.resolve("mutant.lib");
        ReaderFuzz.run("importLibrary", 20261213L, seeds, (name, bytes) -> ImportLibrary.dllName(Files.write(mutant, bytes)),
                BinaryFormatException.class);
    }
}
