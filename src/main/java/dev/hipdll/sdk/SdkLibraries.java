package dev.hipdll.sdk;

import dev.hipdll.pe.ImportLibrary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Resolves the SDK libraries a build links by name ({@code hip.libraries}): each
 * {@code <name>} is {@code <SDK lib directory>/<name>.lib}, the import library the HIP SDK for Windows ships
 * ({@code hipblas.lib}, {@code rocblas.lib}, ...), and the DLL it imports is read from it ({@link ImportLibrary}).
 */
public final class SdkLibraries {
    /** A library name: letters, digits, {@code _ . + -}; no path. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.+-]*");

    private SdkLibraries() {
    }

    /**
     * Resolves the names.
     *
     * @param sdk   the resolved SDK
     * @param names the names, e.g. {@code hipblas}; blanks ignored; a trailing {@code .lib} is accepted
     * @return the libraries, in the given order, each once
     * @throws SdkResolutionException naming the library, the SDK's lib directory and the libraries it has, when a name
     *                                is not a plain name, has no import library there, or the file is not one
     */
    public static List<SdkLibrary> resolve(HipSdk sdk, List<String> names) throws SdkResolutionException {
        Path libDir = sdk.libDir().path();
        List<SdkLibrary> out = new ArrayList<>();
        LinkedHashSet<String> seen = new LinkedHashSet<>();
        for (String raw : names) {
            String name = raw.strip();
            if (name.toLowerCase(Locale.ROOT).endsWith(".lib")) {
                name = name.substring(0, name.length() - 4);
            }
            if (name.isEmpty() || !seen.add(name.toLowerCase(Locale.ROOT))) {
                continue;
            }
            if (!NAME.matcher(name).matches()) {
                throw new SdkResolutionException("hip.libraries: '" + raw + "' is not a library name (letters, digits,"
                        + " _ . + -; the library is looked up as <name>.lib in the SDK's lib directory " + libDir + ")");
            }
            Path lib = libDir.resolve(name + ".lib");
            if (!Files.isRegularFile(lib)) {
                throw new SdkResolutionException("hip.libraries: the SDK has no " + name + ".lib in its lib directory "
                        + libDir + " (" + sdk.libDir().origin().description() + "); it has: " + available(libDir));
            }
            Optional<String> dll;
            try {
                dll = ImportLibrary.dllName(lib);
            } catch (IOException e) {
                throw new SdkResolutionException("hip.libraries: " + lib + " is not an import library: " + e.getMessage());
            }
            if (dll.isEmpty()) {
                throw new SdkResolutionException("hip.libraries: " + lib + " imports no DLL (a static library, or an"
                        + " import library in the long format): only import libraries of the SDK's DLLs are linked");
            }
            out.add(new SdkLibrary(name, lib, dll.get(), sdk.libDir().origin()));
        }
        return out;
    }

    private static String available(Path libDir) {
        try (Stream<Path> s = Files.list(libDir)) {
            List<String> libs = s.map(p -> p.getFileName().toString()).filter(n -> n.toLowerCase(Locale.ROOT)
                    .endsWith(".lib")).map(n -> n.substring(0, n.length() - 4)).sorted().toList();
            return libs.isEmpty() ? "no .lib files" : String.join(", ", libs);
        } catch (IOException e) {
            return "(cannot list it: " + e.getMessage() + ")";
        }
    }
}
