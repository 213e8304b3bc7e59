package dev.hipdll.sdk;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Predicate;

/**
 * Resolves every HIP SDK component from an SDK root, with a separate override for each. The root
 * comes from {@code hip.sdkRoot}, else the environment variable {@code HIP_SDK_ROOT}, else
 * {@code HIP_PATH} (the installer's variable; its trailing backslash and stray quotes removed).
 * Both Windows layouts are understood: classic (5.x/6.x: {@code bin\hipcc.bin.exe},
 * {@code bin\clang.exe}, {@code lib\llvm\amdgcn\bitcode} or {@code amdgcn\bitcode}) and
 * TheRock-based 7.x ({@code bin\hipcc.exe}, clang in {@code lib\llvm\bin}).
 */
public final class HipSdkResolver {
    private final boolean windows;
    private final Map<String, String> environment;

    /**
     * @param windows     whether the host is Windows (decides executable names)
     * @param environment the host environment, read for {@code HIP_SDK_ROOT} and {@code HIP_PATH}
     */
    public HipSdkResolver(boolean windows, Map<String, String> environment) {
        this.windows = windows;
        this.environment = Map.copyOf(environment);
    }

    /**
     * Resolves the SDK.
     *
     * @throws SdkResolutionException when a component is missing, naming the paths tried and the
     *                                property that overrides it
     */
    public HipSdk resolve(SdkOverrides o) throws SdkResolutionException {
        SdkComponent root = root(o);
        Path r = root.path();
        SdkComponent hipcc = component("hipcc", "hip.hipcc", o.hipcc(), root,
                windows ? List.of(r.resolve("bin/hipcc.exe"), r.resolve("bin/hipcc.bin.exe"), r.resolve("bin/hipcc.bat"),
                        r.resolve("bin/hipcc.cmd")) : List.of(r.resolve("bin/hipcc")),
                Files::isRegularFile);
        String clang = windows ? "clang.exe" : "clang";
        SdkComponent clangDir = component("clangDir", "hip.clangDir", o.clangDir(), root,
                List.of(r.resolve("lib/llvm/bin"), r.resolve("bin")), d -> Files.isRegularFile(d.resolve(clang)));
        SdkComponent include = component("includeDir", "hip.includeDir", o.includeDir(), root,
                List.of(r.resolve("include")), d -> Files.isRegularFile(d.resolve("hip/hip_runtime.h")));
        SdkComponent lib = component("libDir", "hip.libDir", o.libDir(), root, List.of(r.resolve("lib")),
                d -> Files.isRegularFile(d.resolve("amdhip64.lib")));
        SdkComponent devlib = component("deviceLibDir", "hip.deviceLibDir", o.deviceLibDir(), root,
                List.of(r.resolve("lib/llvm/amdgcn/bitcode"), r.resolve("amdgcn/bitcode")), HipSdkResolver::hasBitcode);
        SdkComponent runtime = runtime(o, root);
        return new HipSdk(root, hipcc, clangDir, include, lib, devlib, runtime, version(r));
    }

    private SdkComponent root(SdkOverrides o) throws SdkResolutionException {
        Path p;
        Origin origin;
        if (o.sdkRoot() != null) {
            p = o.sdkRoot();
            origin = new Origin("-Dhip.sdkRoot");
        } else if (nonBlank(environment.get("HIP_SDK_ROOT"))) {
            p = Path.of(clean(environment.get("HIP_SDK_ROOT")));
            origin = new Origin("HIP_SDK_ROOT");
        } else if (nonBlank(environment.get("HIP_PATH"))) {
            p = Path.of(clean(environment.get("HIP_PATH")));
            origin = new Origin("HIP_PATH");
        } else {
            throw new SdkResolutionException("no HIP SDK root: set -Dhip.sdkRoot=<dir> or the environment variable"
                    + " HIP_SDK_ROOT (the HIP SDK installer sets HIP_PATH, which is used when neither is set)");
        }
        if (!Files.isDirectory(p)) {
            throw new SdkResolutionException("HIP SDK root " + p + " (from " + origin + ") is not a directory");
        }
        return new SdkComponent("sdkRoot", p.toAbsolutePath().normalize(), origin);
    }

    /** Strips surrounding quotes and whitespace and a trailing path separator, as HIP_PATH carries them. */
    static String clean(String value) {
        String v = value.strip();
        while (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))) {
            v = v.substring(1, v.length() - 1).strip();
        }
        while (v.length() > 1 && (v.endsWith("\\") || v.endsWith("/")) && !v.matches("^[A-Za-z]:[\\\\/]$")) {
            v = v.substring(0, v.length() - 1);
        }
        return v;
    }

    private static boolean nonBlank(String s) {
        return s != null && !s.isBlank();
    }

    private SdkComponent component(String name, String property, Path override, SdkComponent root, List<Path> candidates,
                                   Predicate<Path> valid) throws SdkResolutionException {
        if (override != null) {
            if (!valid.test(override)) {
                throw new SdkResolutionException(name + " " + override + " (from -D" + property
                        + ") is not usable: " + describe(name));
            }
            return new SdkComponent(name, override.toAbsolutePath().normalize(), new Origin("-D" + property));
        }
        for (Path c : candidates) {
            if (valid.test(c)) {
                return new SdkComponent(name, c.normalize(), root.origin());
            }
        }
        StringBuilder sb = new StringBuilder("HIP SDK component " + name + " not found under " + root.path()
                + " (from " + root.origin() + "); " + describe(name) + ". Tried:");
        for (Path c : candidates) {
            sb.append("\n  ").append(c);
        }
        sb.append("\nSet -D").append(property).append("=<path> to choose it explicitly.");
        throw new SdkResolutionException(sb.toString());
    }

    private SdkComponent runtime(SdkOverrides o, SdkComponent root) throws SdkResolutionException {
        if (o.runtimeDll() != null) {
            if (!Files.isRegularFile(o.runtimeDll()) || runtimeMajor(o.runtimeDll().getFileName().toString()).isEmpty()) {
                throw new SdkResolutionException("runtimeDll " + o.runtimeDll() + " (from -Dhip.runtimeDll) is not an"
                        + " existing amdhip64_<major>.dll");
            }
            return new SdkComponent("runtimeDll", o.runtimeDll().toAbsolutePath().normalize(), new Origin("-Dhip.runtimeDll"));
        }
        Path bin = root.path().resolve("bin");
        List<Path> found = new ArrayList<>();
        if (Files.isDirectory(bin)) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(bin, "amdhip64_*.dll")) {
                for (Path p : ds) {
                    if (runtimeMajor(p.getFileName().toString()).isPresent()) {
                        found.add(p);
                    }
                }
            } catch (IOException e) {
                throw new SdkResolutionException("cannot list " + bin + ": " + e.getMessage());
            }
        }
        if (found.isEmpty()) {
            throw new SdkResolutionException("HIP SDK component runtimeDll not found: no amdhip64_<major>.dll in " + bin
                    + " (from " + root.origin() + "). Set -Dhip.runtimeDll=<path> to choose it explicitly.");
        }
        found.sort((a, b) -> Integer.compare(runtimeMajor(b.getFileName().toString()).orElse(0),
                runtimeMajor(a.getFileName().toString()).orElse(0)));
        return new SdkComponent("runtimeDll", found.get(0).normalize(), root.origin());
    }

    /** The major version in a runtime DLL name {@code amdhip64_<major>.dll} (any case). */
    public static Optional<Integer> runtimeMajor(String fileName) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)amdhip64_(\\d{1,3})\\.dll").matcher(fileName);
        return m.matches() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    private static boolean hasBitcode(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.bc")) {
            return ds.iterator().hasNext();
        } catch (IOException e) {
            return false;
        }
    }

    private static String describe(String name) {
        return switch (name) {
            case "hipcc" -> "expected the hipcc executable";
            case "clangDir" -> "expected a directory holding clang";
            case "includeDir" -> "expected a directory holding hip/hip_runtime.h";
            case "libDir" -> "expected a directory holding amdhip64.lib";
            case "deviceLibDir" -> "expected a directory holding the device libraries (*.bc)";
            default -> "expected " + name;
        };
    }

    /** The SDK version from {@code bin/.hipVersion} (HIP_VERSION_MAJOR/MINOR/PATCH), or "unknown". */
    static String version(Path root) {
        Path f = root.resolve("bin/.hipVersion");
        if (!Files.isRegularFile(f)) {
            return "unknown";
        }
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(f)) {
            p.load(in);
        } catch (IOException | IllegalArgumentException e) {
            return "unknown";
        }
        String major = p.getProperty("HIP_VERSION_MAJOR");
        if (major == null) {
            return "unknown";
        }
        return major.strip() + "." + p.getProperty("HIP_VERSION_MINOR", "0").strip() + "."
                + p.getProperty("HIP_VERSION_PATCH", "0").strip();
    }
}
