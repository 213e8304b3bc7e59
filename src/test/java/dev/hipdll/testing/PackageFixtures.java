package dev.hipdll.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Release packages for tests: the example backend built with the stand-in SDK beside small
 * stand-in libraries ({@code hipblas.dll}, ...) built with clang-19 and lld-link-19 ({@link Fixtures#cDll}),
 * each importing what it is told to through import libraries made with llvm-dlltool-19, and zips of them.
 */
public final class PackageFixtures {
    private PackageFixtures() {
    }

    /**
     * A stand-in library {@code name} in {@code dir} exporting {@code <stem>_version} and importing, from each
     * DLL of {@code imports}, the functions listed (each called, so the linker keeps the import).
     */
    public static Path library(Path dir, String name, Map<String, List<String>> imports) {
        try {
            Path work = Files.createTempDirectory("hipdll-lib-");  // outside the package being made
            List<String> libs = new ArrayList<>();
            StringBuilder c = new StringBuilder();
            StringBuilder calls = new StringBuilder("0");
            for (Map.Entry<String, List<String>> e : imports.entrySet()) {
                String stem = e.getKey().replace(".dll", "").replace('.', '_');
                Path def = work.resolve(stem + ".def");
                Files.writeString(def, "LIBRARY " + e.getKey() + "\nEXPORTS\n" + String.join("\n", e.getValue()) + "\n");
                Path lib = work.resolve(stem + ".lib");
                Exec.ok(work, List.of("llvm-dlltool-19", "-m", "i386:x86-64", "-d", def.toString(), "-l", lib.toString()));
                libs.add(lib.toString());
                for (String f : e.getValue()) {
                    c.append("__declspec(dllimport) int ").append(f).append("(void);\n");
                    calls.append(" + ").append(f).append("()");
                }
            }
            String stem = name.replace(".dll", "");
            c.append("__declspec(dllexport) int ").append(stem).append("_version(void) { return ").append(calls)
                    .append("; }\n");
            Path built = Fixtures.cDll(work, name, "x86_64-pc-windows-msvc", c.toString(), libs);
            return Files.copy(built, dir.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code imports} as a map, in order: {@code "amdhip64_7.dll", List.of("hipMalloc"), ...}. */
    public static Map<String, List<String>> imports(Object... dllThenFunctions) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        for (int i = 0; i < dllThenFunctions.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<String> f = (List<String>) dllThenFunctions[i + 1];
            m.put((String) dllThenFunctions[i], f);
        }
        return m;
    }

    /** Zips the regular files under {@code dir} (paths relative to it) into {@code zip}. */
    public static Path zip(Path dir, Path zip) {
        try (OutputStream out = Files.newOutputStream(zip); ZipOutputStream z = new ZipOutputStream(out);
             Stream<Path> files = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                z.putNextEntry(new ZipEntry(dir.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, z);
                z.closeEntry();
            }
            return zip;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A zip of the given entries ({@code name -> bytes}), in order, deflated. */
    public static Path zip(Path zip, Map<String, byte[]> entries) {
        try (OutputStream out = Files.newOutputStream(zip); ZipOutputStream z = new ZipOutputStream(out)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                z.putNextEntry(new ZipEntry(e.getKey()));
                z.write(e.getValue());
                z.closeEntry();
            }
            return zip;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
