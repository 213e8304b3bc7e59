package dev.hipdll.testing;

import java.nio.file.Path;

/**
 * Real redistributed Windows DLLs built by Microsoft, for release-package tests: the Visual C++
 * runtime DLLs bytedeco's JavaCPP ships in {@code javacpp-1.5.10-windows-x86_64.jar} on Maven Central, fetched by
 * {@link CentralJarEntry} (only the entry's bytes, pinned by SHA-256, cached per machine). Both carry the vendor's
 * PDB path {@code D:\a\_work\1\s\\binaries\amd64ret\bin\amd64\\vcruntime140[_1].amd64.pdb} (llvm-readobj-19
 * --coff-debug-directory) and an Authenticode signature; {@code vcruntime140_1.dll} imports
 * {@code VCRUNTIME140.dll}, API sets and {@code KERNEL32.dll}.
 */
public final class VcRuntimeDlls {
    private static final String JAR = "org/bytedeco/javacpp/1.5.10/javacpp-1.5.10-windows-x86_64.jar";
    private static final String DIR = "org/bytedeco/javacpp/windows-x86_64/";

    private VcRuntimeDlls() {
    }

    /** {@code vcruntime140.dll}, 98,336 bytes. */
    public static Path vcruntime140() {
        return CentralJarEntry.get(JAR, DIR + "vcruntime140.dll", "javacpp-1.5.10-vcruntime140.dll",
                "c179d8914ba8e57b2f8f4d6c101c2c550c7c6712a7f0f9920a97db340f9d9574");
    }

    /** {@code vcruntime140_1.dll}, 38,448 bytes; imports {@code VCRUNTIME140.dll}. */
    public static Path vcruntime140_1() {
        return CentralJarEntry.get(JAR, DIR + "vcruntime140_1.dll", "javacpp-1.5.10-vcruntime140_1.dll",
                "7cf38d20d00b6640d510eab70171e1c6f8fa2e42040832e17c7433ab61d94a8e");
    }
}
