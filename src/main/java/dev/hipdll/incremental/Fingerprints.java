package dev.hipdll.incremental;

import dev.hipdll.authenticode.UnsignedImage;
import dev.hipdll.digest.FileDigests;
import dev.hipdll.sdk.HipSdk;
import dev.hipdll.sdk.SdkComponent;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Takes the fingerprints a {@link BuildStamp} is made of: the sources and headers the compiler
 * read, the HIP SDK's components, the environment and the DLL.
 */
public final class Fingerprints {
    private Fingerprints() {
    }

    /**
     * The stamp of a build that has just succeeded.
     *
     * @param in        what the build was made of
     * @param readFiles every file the compiler read (from its dependency file); the sources among
     *                  them are recorded as sources, the rest as headers
     * @param dll       the DLL the build wrote
     * @throws IOException when one of the files cannot be read
     */
    public static BuildStamp stamp(StampInputs in, List<Path> readFiles, Path dll) throws IOException {
        return stamp(in, readFiles, dll, new FileDigests());
    }

    /**
     * The stamp of a build that has just succeeded, with file digests from the build's shared
     * {@code digests} (the checksum and the provenance have read most of these files already).
     *
     * @throws IOException when one of the files cannot be read
     */
    public static BuildStamp stamp(StampInputs in, List<Path> readFiles, Path dll, FileDigests digests) throws IOException {
        List<FileFingerprint> sources = new ArrayList<>();
        for (Path s : in.sources()) {
            sources.add(FileFingerprint.of(s, digests));
        }
        Set<Path> seen = new LinkedHashSet<>(in.sources());
        List<FileFingerprint> headers = new ArrayList<>();
        for (Path p : readFiles) {
            Path n = p.toAbsolutePath().normalize();
            if (seen.add(n)) {
                headers.add(FileFingerprint.of(n, digests));
            }
        }
        FileFingerprint output = FileFingerprint.of(dll, digests);
        return new BuildStamp(BuildStamp.FORMAT_VERSION, in.pluginVersion(), in.parameters(), in.targets(), sources,
                headers, in.sdk().version(), sdk(in.sdk(), digests), in.toolsetVersion().orElse(null),
                in.windowsSdkVersion().orElse(null), CompilerEnvironment.fingerprint(in.environment(), in.windowsHost(), in.userVariables()),
                output, UnsignedImage.sha256(dll).orElse(output.sha256()));
    }

    /**
     * The SDK part of a stamp: every resolved component (files with size and modification time,
     * directories by path), the content hash of hipcc, clang and {@code amdhip64.lib}, and size and
     * modification time of lld-link and of each device library ({@code *.bc}).
     *
     * @param sdk  the resolved SDK
     * @param hash whether to hash hipcc, clang and amdhip64.lib; {@code false} for the up-to-date
     *             check, which compares with the recorded fingerprints and reads a file only when its
     *             size or time differs (clang.exe of a real SDK is over 100 MB)
     * @throws IOException when a component file cannot be read
     */
    public static List<SdkFingerprint> sdk(HipSdk sdk, boolean hash) throws IOException {
        return sdk(sdk, hash ? new FileDigests() : null);
    }

    /** {@link #sdk(HipSdk, boolean)} hashing with {@code digests}, or not hashing when it is {@code null}. */
    private static List<SdkFingerprint> sdk(HipSdk sdk, FileDigests digests) throws IOException {
        List<SdkFingerprint> out = new ArrayList<>();
        for (SdkComponent c : sdk.components()) {
            boolean hashed = c == sdk.hipcc();
            out.add(item(c.name(), c.origin().toString(), c.path(), hashed, digests));
        }
        String origin = sdk.clangDir().origin().toString();
        Path clangDir = sdk.clangDir().path();
        out.add(item("clang", origin, first(clangDir, "clang.exe", "clang"), true, digests));
        Path lld = first(clangDir, "lld-link.exe", "lld-link");
        if (Files.exists(lld)) {
            out.add(item("lld-link", origin, lld, false, digests));
        }
        out.add(item("amdhip64.lib", sdk.libDir().origin().toString(), sdk.libDir().path().resolve("amdhip64.lib"), true, digests));
        List<Path> bitcode = new ArrayList<>();
        bitcode.addAll(dev.hipdll.io.SpecialFiles.list(sdk.deviceLibDir().path(), "*.bc")); // never opendir a pipe
        bitcode.sort(null);
        for (Path bc : bitcode) {
            out.add(item("deviceLib " + bc.getFileName(), sdk.deviceLibDir().origin().toString(), bc, false, digests));
        }
        return out;
    }

    private static Path first(Path dir, String... names) {
        for (String n : names) {
            if (Files.exists(dir.resolve(n))) {
                return dir.resolve(n);
            }
        }
        return dir.resolve(names[names.length - 1]);
    }

    private static SdkFingerprint item(String name, String origin, Path path, boolean hashed, FileDigests digests)
            throws IOException {
        Path p = path.toAbsolutePath().normalize();
        if (Files.isDirectory(p)) {
            return new SdkFingerprint(name, origin, p.toString(), null, false);
        }
        FileFingerprint f = hashed && digests != null ? FileFingerprint.of(p, digests)
                : new FileFingerprint(p.toString(), Files.size(p), Files.getLastModifiedTime(p).toMillis(), null);
        return new SdkFingerprint(name, origin, p.toString(), f, hashed);
    }
}
