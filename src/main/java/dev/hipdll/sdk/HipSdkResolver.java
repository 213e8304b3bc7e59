package dev.hipdll.sdk;

import dev.hipdll.host.EnvironmentException;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Resolves every HIP SDK component, each with its own override and a recorded origin.
 *
 * <p>The root comes from {@code hip.sdkRoot}, else the environment variable {@code HIP_SDK_ROOT},
 * else a {@code hip} toolchain from {@code toolchains.xml}, else {@code HIP_PATH} (the installer's
 * variable; its trailing backslash and stray quotes removed). Components not overridden are looked
 * for under the root in both Windows layouts (BRIEF, "The HIP SDK on Windows"):
 * <ul>
 *   <li>classic 5.x/6.x: {@code bin\hipcc.bin.exe} (or a {@code hipcc.bat}), {@code bin\clang.exe},
 *       {@code lib\llvm\amdgcn\bitcode} (older: {@code amdgcn\bitcode}), {@code bin\amdhip64_6.dll};</li>
 *   <li>TheRock-based 7.x: {@code bin\hipcc.exe}, clang in {@code lib\llvm\bin},
 *       {@code bin\amdhip64_7.dll}.</li>
 * </ul>
 * A {@code .bat}/{@code .cmd} hipcc is chosen only when no executable exists. Off Windows the
 * names have no {@code .exe} ({@code bin/hipcc}, {@code clang}). A missing component fails with
 * every path tried and the property that overrides it.
 */
public final class HipSdkResolver {
    private static final Pattern RUNTIME = Pattern.compile("(?i)amdhip64_(\\d{1,3})\\.dll");
    private final Host host;

    /** @param host the host: its OS decides executable names, its environment gives the root */
    public HipSdkResolver(Host host) {
        this.host = host;
    }

    /**
     * A resolver for a host given as its parts (kept for callers that predate {@link Host}).
     *
     * @param windows     whether the host is Windows
     * @param environment the host environment
     */
    public HipSdkResolver(boolean windows, Map<String, String> environment) {
        this(Host.of(windows ? OsFamily.WINDOWS : OsFamily.UNIX, environment));
    }

    /** Resolves the SDK with {@code o} and no toolchains.xml entry; see {@link #resolve(SdkOverrides, Optional)}. */
    public HipSdk resolve(SdkOverrides o) throws SdkResolutionException {
        return resolve(o, Optional.empty());
    }

    /**
     * Resolves the SDK.
     *
     * @param o         the user's overrides
     * @param toolchain the {@code hip} toolchain chosen from toolchains.xml, if any
     * @throws SdkResolutionException when the root or a component is missing, naming the paths
     *                                tried and the property that overrides it, or when a variable
     *                                read for the root is padded with whitespace
     */
    public HipSdk resolve(SdkOverrides o, Optional<HipToolchain> toolchain) throws SdkResolutionException {
        SdkComponent root = root(o, toolchain);
        Path r = root.path();
        SdkComponent hipcc = component(o, "hipcc", "hip.hipcc", withPathext(o.hipcc()), root, hipccCandidates(r),
                Files::isRegularFile);
        String clang = host.executable("clang");
        SdkComponent clangDir = component(o, "clangDir", "hip.clangDir", o.clangDir(), root,
                List.of(r.resolve("lib/llvm/bin"), r.resolve("bin")), d -> Files.isRegularFile(d.resolve(clang)));
        SdkComponent include = component(o, "includeDir", "hip.includeDir", o.includeDir(), root,
                List.of(r.resolve("include")), d -> Files.isRegularFile(d.resolve("hip/hip_runtime.h")));
        SdkComponent lib = component(o, "libDir", "hip.libDir", o.libDir(), root, List.of(r.resolve("lib")),
                d -> Files.isRegularFile(d.resolve("amdhip64.lib")));
        SdkComponent devlib = component(o, "deviceLibDir", "hip.deviceLibDir", o.deviceLibDir(), root,
                List.of(r.resolve("lib/llvm/amdgcn/bitcode"), r.resolve("amdgcn/bitcode")), HipSdkResolver::hasBitcode);
        SdkComponent runtime = runtime(o, root, "Set " + o.hints().set("hip.runtimeDll", "<path>")
                + " to choose it explicitly.");
        return new HipSdk(root, hipcc, clangDir, include, lib, devlib, runtime, version(r, include.path()));
    }

    /**
     * Resolves only the SDK root and the clang directory, for a goal that runs the SDK's clang and
     * lld-link but not hipcc, the headers, the import library or the device libraries (load-check):
     * a component it does not use cannot fail it.
     *
     * @param o         the user's overrides ({@code sdkRoot} and {@code clangDir} are read)
     * @param toolchain the {@code hip} toolchain chosen from toolchains.xml, if any
     * @return the clang directory, with its origin
     * @throws SdkResolutionException as {@link #resolve}, for the root or the clang directory
     */
    public SdkComponent resolveClangDir(SdkOverrides o, Optional<HipToolchain> toolchain) throws SdkResolutionException {
        SdkComponent root = root(o, toolchain);
        Path r = root.path();
        return component(o, "clangDir", "hip.clangDir", o.clangDir(), root,
                List.of(r.resolve("lib/llvm/bin"), r.resolve("bin")), d -> Files.isRegularFile(d.resolve(host.executable("clang"))));
    }

    /**
     * Resolves only the SDK root and the runtime DLL ({@code bin/amdhip64_<major>.dll}), for a goal
     * that needs the runtime directory and nothing else of the SDK.
     *
     * @param hint the last line of the error when no runtime DLL is found: how that goal chooses
     *             it explicitly, e.g. "Set -Dhip.runtimeDir=&lt;dir&gt; ..."
     * @throws SdkResolutionException as {@link #resolve}, for the root or the runtime DLL
     */
    public SdkComponent resolveRuntimeDll(SdkOverrides o, Optional<HipToolchain> toolchain, String hint)
            throws SdkResolutionException {
        return runtime(o, root(o, toolchain), hint);
    }

    /**
     * Resolves only the SDK root, for a goal that looks for a file of the SDK no component names (load-check: the
     * stand-in SDK's C runtime directory).
     *
     * @throws SdkResolutionException as {@link #resolve}, for the root
     */
    public SdkComponent resolveRoot(SdkOverrides o, Optional<HipToolchain> toolchain) throws SdkResolutionException {
        return root(o, toolchain);
    }

    /**
     * A program override as Windows finds it: the path itself when it is a file, else the first
     * {@code PATHEXT} extension that names one ({@code hip.hipcc=C:\\ROCm\\bin\\hipcc} is {@code hipcc.exe});
     * {@code null} stays {@code null}, and a path naming nothing stays as given (its error names it).
     */
    private Path withPathext(Path program) {
        if (program == null) {
            return null;
        }
        return host.programCandidates(program).stream().filter(Files::isRegularFile).findFirst().orElse(program);
    }

    /** hipcc candidates in order: executables first, a batch wrapper only after every executable. */
    private List<Path> hipccCandidates(Path r) {
        if (!host.isWindows()) {
            return List.of(r.resolve("bin/hipcc"));
        }
        return List.of(r.resolve("bin/hipcc.exe"), r.resolve("bin/hipcc.bin.exe"), r.resolve("bin/hipcc.bat"),
                r.resolve("bin/hipcc.cmd"));
    }

    private SdkComponent root(SdkOverrides o, Optional<HipToolchain> toolchain) throws SdkResolutionException {
        Path p;
        Origin origin;
        String fix; // what to correct when the root is no directory: the source it came from, never one already set
        Optional<String> sdkRootVar = readVariable("HIP_SDK_ROOT");
        if (o.sdkRoot() != null) {
            p = o.sdkRoot();
            origin = o.originOf("hip.sdkRoot");
            fix = "correct " + origin + ": it must name the SDK's directory (the one holding bin"
                    + (host.isWindows() ? "\\" : "/") + "hipcc)";
        } else if (sdkRootVar.isPresent()) {
            p = path(clean(sdkRootVar.get()), "HIP_SDK_ROOT");
            origin = new Origin("HIP_SDK_ROOT");
            fix = "correct the environment variable HIP_SDK_ROOT, or name the SDK with "
                    + o.hints().set("hip.sdkRoot", "<dir>") + ", which"
                    + " comes first";
        } else if (toolchain.isPresent()) {
            p = toolchain.get().sdkRoot();
            origin = new Origin("toolchains.xml (" + "hip " + toolchain.get().version() + ")");
            fix = "correct <sdkRoot> of the 'hip' toolchain in toolchains.xml, or name the SDK with"
                    + " " + o.hints().set("hip.sdkRoot", "<dir>") + " or HIP_SDK_ROOT, which come first";
        } else {
            Optional<String> hipPath = readVariable("HIP_PATH");
            if (hipPath.isEmpty()) {
                throw new SdkResolutionException("no HIP SDK root. Looked at, in order: "
                        + o.hints().name("hip.sdkRoot") + " (not set),"
                        + " the environment variable HIP_SDK_ROOT (not set), a 'hip' toolchain in toolchains.xml"
                        + " (none), the installer's HIP_PATH (not set). Set " + o.hints().set("hip.sdkRoot", "<dir>")
                        + " or HIP_SDK_ROOT.");
            }
            p = path(clean(hipPath.get()), "HIP_PATH");
            origin = new Origin("HIP_PATH");
            fix = "HIP_PATH is set by AMD's HIP SDK installer: reinstall the SDK, or name it with "
                    + o.hints().set("hip.sdkRoot", "<dir>")
                    + " or HIP_SDK_ROOT, which come first";
        }
        if (!Files.isDirectory(p)) {
            String what = Files.exists(p) ? "is not a directory" : "does not exist";
            throw new SdkResolutionException("HIP SDK root " + p + " (from " + origin + ") " + what + "; " + fix);
        }
        return new SdkComponent("sdkRoot", p.toAbsolutePath().normalize(), origin);
    }

    private Optional<String> readVariable(String name) throws SdkResolutionException {
        try {
            return host.environment().read(name).filter(v -> !v.isBlank());
        } catch (EnvironmentException e) {
            throw new SdkResolutionException(e.getMessage());
        }
    }

    private static Path path(String value, String variable) throws SdkResolutionException {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new SdkResolutionException(variable + " is not a usable path: '" + value + "' (" + e.getReason() + ")");
        }
    }

    /**
     * Strips stray surrounding quotes and a trailing path separator, as {@code HIP_PATH} carries
     * them ({@code "C:\Program Files\AMD\ROCm\6.4\"} becomes {@code C:\Program Files\AMD\ROCm\6.4});
     * a drive root such as {@code C:\} keeps its separator.
     */
    static String clean(String value) {
        String v = value.strip();
        while (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))) {
            v = v.substring(1, v.length() - 1).strip();
        }
        if (v.startsWith("\"")) {
            v = v.substring(1);
        }
        if (v.endsWith("\"")) {
            v = v.substring(0, v.length() - 1);
        }
        while (v.length() > 1 && (v.endsWith("\\") || v.endsWith("/")) && !v.matches("^[A-Za-z]:[\\\\/]$")) {
            v = v.substring(0, v.length() - 1);
        }
        return v;
    }

    private SdkComponent component(SdkOverrides overrides, String name, String property, Path override, SdkComponent root, List<Path> candidates,
                                   Predicate<Path> valid) throws SdkResolutionException {
        if (override != null) {
            if (!valid.test(override)) {
                Origin origin = overrides.originOf(property);
                throw new SdkResolutionException("HIP SDK component " + name + ": " + override + " (from " + origin
                        + ") is not usable: " + describe(name) + ". Fix or remove " + origin + ".");
            }
            return new SdkComponent(name, override.toAbsolutePath().normalize(), overrides.originOf(property));
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

    private SdkComponent runtime(SdkOverrides o, SdkComponent root, String hint) throws SdkResolutionException {
        if (o.runtimeDll() != null) {
            if (!Files.isRegularFile(o.runtimeDll()) || runtimeMajor(o.runtimeDll().getFileName().toString()).isEmpty()) {
                Origin origin = o.originOf("hip.runtimeDll");
                throw new SdkResolutionException("HIP SDK component runtimeDll: " + o.runtimeDll()
                        + " (from " + origin + ") is not an existing amdhip64_<major>.dll. Fix or remove " + origin + ".");
            }
            return new SdkComponent("runtimeDll", o.runtimeDll().toAbsolutePath().normalize(), o.originOf("hip.runtimeDll"));
        }
        Path bin = root.path().resolve("bin");
        List<Path> found = new ArrayList<>();
        if (Files.isDirectory(bin)) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(bin, "*.{dll,DLL}")) {
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
            throw new SdkResolutionException("HIP SDK component runtimeDll not found under " + root.path() + " (from "
                    + root.origin() + "); expected the runtime amdhip64_<major>.dll. Tried:\n  " + bin.resolve("amdhip64_*.dll")
                    + "\n" + hint);
        }
        found.sort((a, b) -> Integer.compare(runtimeMajor(b.getFileName().toString()).orElse(0),
                runtimeMajor(a.getFileName().toString()).orElse(0)));
        return new SdkComponent("runtimeDll", found.get(0).normalize(), root.origin());
    }

    /** The major version in a runtime DLL name {@code amdhip64_<major>.dll} (any case). */
    public static Optional<Integer> runtimeMajor(String fileName) {
        Matcher m = RUNTIME.matcher(fileName);
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

    private String describe(String name) {
        return switch (name) {
            case "hipcc" -> host.isWindows() ? "expected hipcc.exe or hipcc.bin.exe (a hipcc.bat/.cmd is found only to be refused)"
                    : "expected the hipcc executable";
            case "clangDir" -> "expected a directory holding " + host.executable("clang");
            case "includeDir" -> "expected a directory holding hip/hip_runtime.h";
            case "libDir" -> "expected a directory holding amdhip64.lib";
            case "deviceLibDir" -> "expected a directory holding the device libraries (*.bc)";
            default -> "expected " + name;
        };
    }

    /**
     * The SDK version as the SDK states it: {@code bin/.hipVersion} ({@code HIP_VERSION_MAJOR},
     * {@code _MINOR}, {@code _PATCH}), else the {@code HIP_VERSION_*} defines of
     * {@code <include>/hip/hip_version.h}, else "unknown".
     */
    static String version(Path root, Path includeDir) {
        Path f = root.resolve("bin/.hipVersion");
        if (Files.isRegularFile(f)) {
            Properties p = new Properties();
            try (var in = Files.newBufferedReader(f)) {
                p.load(in);
                String major = p.getProperty("HIP_VERSION_MAJOR");
                if (major != null) {
                    return major.strip() + "." + p.getProperty("HIP_VERSION_MINOR", "0").strip() + "."
                            + p.getProperty("HIP_VERSION_PATCH", "0").strip();
                }
            } catch (IOException | IllegalArgumentException e) {
                // fall through to the header
            }
        }
        Path h = includeDir.resolve("hip/hip_version.h");
        if (Files.isRegularFile(h)) {
            try {
                String text = Files.readString(h);
                String major = define(text, "HIP_VERSION_MAJOR");
                if (major != null) {
                    String minor = define(text, "HIP_VERSION_MINOR");
                    String patch = define(text, "HIP_VERSION_PATCH");
                    return major + "." + (minor == null ? "0" : minor) + "." + (patch == null ? "0" : patch);
                }
            } catch (IOException | java.io.UncheckedIOException e) {
                return "unknown";
            }
        }
        return "unknown";
    }

    private static String define(String text, String name) {
        Matcher m = Pattern.compile("(?m)^\\s*#\\s*define\\s+" + name + "\\s+(\\d+)").matcher(text);
        return m.find() ? m.group(1) : null;
    }
}
