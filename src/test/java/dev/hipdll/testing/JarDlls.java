package dev.hipdll.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/** The Windows DLLs inside a jar (the natives of a jar on Maven Central), extracted for the tests that read them. */
public final class JarDlls {
    private JarDlls() {
    }

    /**
     * Extracts every {@code .dll} entry of {@code jar} into {@code dir/<jar file name>/<entry name>}.
     *
     * @return the extracted files, in the jar's order, by "{@code <jar file name> <entry name>}"
     */
    public static Map<String, Path> extract(Path jar, Path dir) throws IOException {
        Map<String, Path> out = new LinkedHashMap<>();
        try (JarFile jf = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> en = jf.entries();
            while (en.hasMoreElements()) {
                JarEntry e = en.nextElement();
                if (e.isDirectory() || !e.getName().toLowerCase(Locale.ROOT).endsWith(".dll")) {
                    continue;
                }
                Path p = dir.resolve(jar.getFileName().toString()).resolve(e.getName());
                Files.createDirectories(p.getParent());
                try (InputStream in = jf.getInputStream(e)) {
                    Files.copy(in, p);
                }
                out.put(jar.getFileName() + " " + e.getName(), p);
            }
        }
        return out;
    }

    /**
     * The signed DLLs the tests fetch besides a JRE: Microsoft's {@code mssql-jdbc_auth} (test dependency, path in
     * {@code hipdll.signedDll}) and JavaCPP's {@code vcruntime140.dll} and {@code vcruntime140_1.dll}, by a name for
     * reports. A missing one is {@link Toolchain#missing} (fails under CI).
     */
    public static Map<String, Path> signedDlls() throws Exception {
        Map<String, Path> files = new LinkedHashMap<>();
        String signed = System.getProperty("hipdll.signedDll");
        if (signed == null || !Files.isRegularFile(Path.of(signed))) {
            Toolchain.missing("hipdll.signedDll (test dependency com.microsoft.sqlserver:mssql-jdbc_auth) is not at " + signed);
        } else {
            files.put("mssql-jdbc_auth-12.8.1.x64.dll", Path.of(signed));
        }
        files.put("javacpp vcruntime140.dll", VcRuntimeDlls.vcruntime140());
        files.put("javacpp vcruntime140_1.dll", VcRuntimeDlls.vcruntime140_1());
        return files;
    }
}
