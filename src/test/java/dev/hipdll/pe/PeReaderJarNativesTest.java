package dev.hipdll.pe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Toolchain;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our PE reader against llvm-readobj-19 on every Windows DLL shipped inside well-known jars from
 * Maven Central (test-scoped dependencies in the pom, so Maven fetches them on a fresh machine):
 * JNA, zstd-jni, sqlite-jdbc, Jansi and jffi, built by other people with MSVC and MinGW for x64,
 * x86, ARM64 and ARMv7. Machine, headers, data directories, sections, imports, exports and the
 * debug directory must agree; the version resource must parse where there is one.
 */
class PeReaderJarNativesTest {
    /** A class from each jar that ships Windows natives. */
    static final List<String> MARKERS = List.of("com.sun.jna.Native", "com.github.luben.zstd.Zstd",
            "org.sqlite.JDBC", "org.fusesource.jansi.AnsiConsole");
    /** A resource inside jffi's native jar (it has no classes). */
    static final String JFFI_RESOURCE = "jni/x86_64-Windows/jffi-1.2.dll";

    @TempDir
    static Path dir;

    @TestFactory
    Stream<DynamicTest> everyWindowsDllInTheJarsMatchesReadobj() throws Exception {
        Toolchain.require("llvm-readobj-19");
        TreeMap<String, Path> jars = new TreeMap<>();
        for (String c : MARKERS) {
            Path jar = Path.of(Class.forName(c, false, getClass().getClassLoader()).getProtectionDomain().getCodeSource()
                    .getLocation().toURI());
            jars.put(jar.getFileName().toString(), jar);
        }
        jars.put("jffi-native", jarOf(JFFI_RESOURCE));
        List<DynamicTest> tests = new ArrayList<>();
        int[] machines = new int[4];
        for (var jar : jars.entrySet()) {
            try (JarFile jf = new JarFile(jar.getValue().toFile())) {
                Enumeration<JarEntry> en = jf.entries();
                while (en.hasMoreElements()) {
                    JarEntry e = en.nextElement();
                    if (e.isDirectory() || !e.getName().toLowerCase().endsWith(".dll")) {
                        continue;
                    }
                    Path out = dir.resolve(jar.getKey()).resolve(e.getName());
                    Files.createDirectories(out.getParent());
                    try (InputStream in = jf.getInputStream(e)) {
                        Files.copy(in, out);
                    }
                    tests.add(DynamicTest.dynamicTest(jar.getKey() + "!" + e.getName(), () -> {
                        PeReaderDifferentialTest.assertSame(out);
                        try (PeFile pe = PeFile.open(out)) {
                            pe.versionInfo(); // parses or throws BinaryFormatException
                            pe.resources();
                        }
                    }));
                    try (PeFile pe = PeFile.open(out)) {
                        int m = pe.coffHeader().machine();
                        machines[m == CoffHeader.MACHINE_AMD64 ? 0 : m == CoffHeader.MACHINE_I386 ? 1
                                : m == CoffHeader.MACHINE_ARM64 ? 2 : 3]++;
                    }
                }
            }
        }
        assertEquals(5, jars.size());
        assertTrue(machines[0] >= 5, "an x64 DLL in each jar, found " + machines[0]);
        assertTrue(machines[1] >= 5, "an x86 DLL in each jar, found " + machines[1]);
        return tests.stream();
    }

    private Path jarOf(String resource) throws URISyntaxException, IOException {
        var url = getClass().getClassLoader().getResource(resource);
        if (url == null || !url.getProtocol().equals("jar")) {
            throw new IOException(resource + " not on the test class path (com.github.jnr:jffi:native test dependency)");
        }
        String s = url.toString();
        return Path.of(new java.net.URI(s.substring(4, s.indexOf("!/"))));
    }
}
