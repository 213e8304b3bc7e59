package dev.hipdll.testing;

import dev.hipdll.pe.DataDirectory;
import dev.hipdll.pe.PeFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A real x64 DLL with Control Flow Guard, built with clang-19 {@code -Xclang -cfguard} and lld-link-19
 * {@code /guard:cf /CETCOMPAT} against the stand-in C runtime and its load configuration ({@code loadcfg.c}, the
 * 0x140-byte {@code IMAGE_LOAD_CONFIG_DIRECTORY64}), and edits of its load configuration's fields.
 */
public final class GuardedDll {
    /** A source with address-taken functions, so the function table has entries besides the entry point. */
    public static final String SOURCE = "typedef int (*fn)(int);\nstatic int twice(int x) { return 2 * x; }\n"
            + "static int thrice(int x) { return 3 * x; }\n__declspec(dllexport) fn pick(int i) { return i ? twice : thrice; }\n"
            + "__declspec(dllexport) int call(fn f, int v) { return f(v); }\n";

    private GuardedDll() {
    }

    /** Builds {@code dir/guarded.dll}. */
    public static Path build(Path dir) {
        Toolchain.require("clang-19", "lld-link-19", "llvm-dlltool-19");
        try {
            Files.createDirectories(dir);
            Path cfg = dir.resolve("loadcfg.obj");
            Exec.ok(dir, List.of("clang-19", "--target=x86_64-pc-windows-msvc", "-O2", "-ffreestanding", "-fno-builtin",
                    "-fno-stack-protector", "-fms-extensions", "-Xclang", "-cfguard", "-c",
                    Fixtures.standinSource("loadcfg.c").toString(), "-o", cfg.toString()));
            return Fixtures.cDll(dir, "guarded.dll", "x86_64-pc-windows-msvc", SOURCE,
                    List.of("/guard:cf", "/CETCOMPAT", cfg.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file offset of the load configuration directory of {@code dll}. */
    public static long loadConfigOffset(Path dll) {
        try (PeFile pe = PeFile.open(dll)) {
            DataDirectory d = pe.optionalHeader().directory(DataDirectory.LOAD_CONFIG_TABLE);
            return pe.rvaToOffset(d.rva(), 0x140, "load configuration");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A copy of {@code dll} at {@code out} with the u64 at {@code field} of the load configuration set to {@code value}. */
    public static Path u64(Path dll, Path out, int field, long value) {
        try {
            byte[] b = Files.readAllBytes(dll);
            ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong((int) (loadConfigOffset(dll) + field), value);
            return Files.write(out, b);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether llvm-readobj-19 {@code --coff-load-config} reads {@code dll} (exit status 0). */
    public static boolean readobjAccepts(Path dll) {
        return Exec.run(dll.getParent(), List.of(Toolchain.tool("llvm-readobj-19").toString(), "--coff-load-config",
                dll.toString())).exit() == 0;
    }
}
