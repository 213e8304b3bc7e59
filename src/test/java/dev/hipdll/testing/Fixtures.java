package dev.hipdll.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds real PE fixtures with the LLVM 19 toolchain: plain C DLLs for the msvc triple (x64 and
 * x86), and the example backend through the stand-in SDK's hipcc.
 */
public final class Fixtures {
    private Fixtures() {
    }

    /** The stand-in CRT sources shipped with the stand-in SDK fixture. */
    public static Path standinSource(String file) {
        return Path.of("src/test/standin-sdk", file).toAbsolutePath();
    }

    /**
     * Compiles {@code cSource} for {@code triple} (x86_64-pc-windows-msvc or i686-pc-windows-msvc) and links a
     * DLL with lld-link-19 (plus the stand-in CRT and KERNEL32 import library for x64; an x86 source
     * must define {@code int __stdcall _DllMainCRTStartup(void*, unsigned long, void*)} itself).
     *
     * @param dir       working directory
     * @param name      output file name, e.g. {@code t.dll}
     * @param triple    the target triple
     * @param cSource   C source text
     * @param linkExtra extra lld-link arguments (e.g. /def:x.def, /debug)
     */
    public static Path cDll(Path dir, String name, String triple, String cSource, List<String> linkExtra) {
        Toolchain.require("clang-19", "lld-link-19", "llvm-dlltool-19");
        try {
            Files.createDirectories(dir);
            Path src = dir.resolve(name + ".c");
            Files.writeString(src, cSource);
            boolean x86 = triple.startsWith("i686");
            String machine = x86 ? "i386" : "i386:x86-64";
            List<Path> objs = new ArrayList<>();
            Path k32 = null;
            if (!x86) {
                k32 = dir.resolve("kernel32-x64.lib");
                Exec.ok(dir, List.of("llvm-dlltool-19", "-m", machine, "-d", standinSource("kernel32.def").toString(),
                        "-l", k32.toString()));
            }
            // x64 links the stand-in CRT; an x86 source defines its own _DllMainCRTStartup@12.
            for (String c : x86 ? List.<String>of() : List.of("crt.c", "mem.c", "dllmain.c")) {
                Path o = dir.resolve(c + "-" + triple + ".obj");
                Exec.ok(dir, List.of("clang-19", "--target=" + triple, "-O2", "-ffreestanding", "-fno-builtin",
                        "-fno-stack-protector", "-fms-extensions", "-c", standinSource(c).toString(), "-o", o.toString()));
                objs.add(o);
            }
            Path obj = dir.resolve(name + ".obj");
            Exec.ok(dir, List.of("clang-19", "--target=" + triple, "-O2", "-fno-stack-protector", "-c", src.toString(),
                    "-o", obj.toString()));
            Path out = dir.resolve(name);
            List<String> link = new ArrayList<>(List.of("lld-link-19", "/dll", "/nodefaultlib",
                    "/machine:" + (x86 ? "x86" : "x64"), "/Brepro", "/noimplib", "/out:" + out));
            if (x86) {
                link.add("/entry:_DllMainCRTStartup@12");
                link.add("/safeseh:no");
            }
            link.addAll(linkExtra);
            link.add(obj.toString());
            objs.forEach(o -> link.add(o.toString()));
            if (k32 != null) {
                link.add(k32.toString());
            }
            Exec.ok(dir, link);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Compiles and links {@code cSource} as a DLL for a MinGW triple ({@code x86_64-w64-windows-gnu}
     * or {@code i686-w64-windows-gnu}) with clang-19's GNU driver and lld ({@code -nostdlib}: the
     * source defines {@code DllMainCRTStartup}); KERNEL32 comes from a {@code libkernel32.a} made
     * with llvm-dlltool-19. MinGW images keep a COFF string table for long section names.
     */
    public static Path mingwDll(Path dir, String name, String triple, String cSource, List<String> extra) {
        Toolchain.require("clang-19", "ld.lld-19", "llvm-dlltool-19");
        try {
            Files.createDirectories(dir);
            Path src = dir.resolve(name + ".c");
            Files.writeString(src, cSource);
            boolean x86 = triple.startsWith("i686");
            Path lib = dir.resolve(x86 ? "x86" : "x64");
            Files.createDirectories(lib);
            Exec.ok(dir, List.of("llvm-dlltool-19", "-m", x86 ? "i386" : "i386:x86-64", "-d",
                    standinSource("kernel32.def").toString(), "-l", lib.resolve("libkernel32.a").toString()));
            Path out = dir.resolve(name);
            List<String> cmd = new ArrayList<>(List.of("clang-19", "--target=" + triple, "-nostdlib", "-fuse-ld=lld",
                    "-shared", "-O1", "-fno-stack-protector", src.toString(), "-L" + lib, "-lkernel32",
                    "-Wl,--entry=" + (x86 ? "_DllMainCRTStartup@12" : "DllMainCRTStartup"), "-o", out.toString()));
            cmd.addAll(extra);
            Exec.ok(dir, cmd);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Builds the example backend with the stand-in SDK's hipcc.
     *
     * @param dir   output directory
     * @param name  DLL file name
     * @param extra extra hipcc arguments (e.g. --offload-arch=gfx1100, --offload-compress, -g)
     */
    public static Path exampleDll(Path dir, String name, List<String> arches, List<String> extra) {
        Path sdk = Toolchain.standinSdk();
        Path ex = Toolchain.exampleDir();
        List<String> cmd = new ArrayList<>(List.of(sdk.resolve("bin/hipcc").toString(), "-O3", "-std=c++17", "-x", "hip"));
        arches.forEach(a -> cmd.add("--offload-arch=" + a));
        cmd.addAll(List.of("-shared", "-DCOLI_CUDA_BUILDING_DLL", "--hip-path=" + sdk,
                "-I" + ex.resolve("src/main/hip/include"), "--rocm-device-lib-path=" + sdk.resolve("lib/llvm/amdgcn/bitcode"),
                "-L", sdk.resolve("lib").toString(), "-lamdhip64", "-fms-runtime-lib=static"));
        cmd.addAll(extra);
        cmd.add(ex.resolve("src/main/hip/backend_cuda.cu").toString());
        cmd.add(ex.resolve("src/main/hip/cuda_chain.cu").toString());
        cmd.add("-o");
        Path out = dir.resolve(name);
        cmd.add(out.toString());
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Exec.ok(dir, cmd);
        return out;
    }
}
