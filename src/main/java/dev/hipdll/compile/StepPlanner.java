package dev.hipdll.compile;

import dev.hipdll.sdk.HipSdk;
import dev.hipdll.gfx.GfxTarget;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Makes the steps of a HIP DLL build, the way clang's driver splits {@code hipcc -x hip
 * --offload-arch=A --offload-arch=B -c} and the link (checked with clang-19's {@code -###}; see
 * docs/step-graph.md):
 *
 * <ol>
 *   <li>per translation unit and gfx target, a device compile: {@code --offload-arch=<t>
 *       --offload-device-only --no-gpu-bundle-output -cuid=<cuid> -c <unit> -o <unit>/<t>.co}, an
 *       AMDGPU code object (ELF); generic targets ({@code gfx11-generic}) also get
 *       {@code -mcode-object-version=6}, without which clang-19 fails in its backend;</li>
 *   <li>per translation unit, the offload bundle: {@code clang-offload-bundler -type=o
 *       -bundle-align=4096 -targets=host-x86_64-unknown-linux,hipv4-amdgcn-amd-amdhsa--<t>...
 *       -input=<empty> -input=<t>.co... -output=<unit>/fatbin.hipfb}, the targets sorted by their
 *       target ID as clang's driver sorts them, the host entry empty as the driver's {@code /dev/null};
 *       with compression {@code -compress} and {@code COMPRESSED_BUNDLE_FORMAT_VERSION};</li>
 *   <li>per translation unit, the host compile: {@code --offload-host-only -Xclang -cuid=<cuid>
 *       -Xclang -fcuda-include-gpubinary -Xclang <fatbin> -c <unit> -o <unit>/host.obj};</li>
 *   <li>the link of every host object into the DLL.</li>
 * </ol>
 * With one CUID per unit ({@link Cuid}) the fat binary is byte-identical to the one a one-shot
 * compile embeds, and the DLL does not depend on where the SDK or the project lives. Compile
 * steps get {@code -MD -MF} (the files each reads, for per-step reuse). Extra compiler arguments
 * that only a link takes ({@code -Wl,...}, {@code -L}, {@code -l}, {@code -fuse-ld=}) go to the
 * link; all others to every compile. The hardening flags ({@link HardeningFlags}) go to the host compiles and
 * the link, before the extra arguments.
 */
public final class StepPlanner {
    /** The host entry of a HIP offload bundle, as clang's driver names it even for a Windows host. */
    public static final String HOST_BUNDLE_ID = "host-x86_64-unknown-linux";
    /** The prefix of a device entry's bundle ID: offload kind {@code hipv4} and the AMDGPU triple. */
    public static final String DEVICE_BUNDLE_PREFIX = "hipv4-amdgcn-amd-amdhsa--";
    /** The variable clang-offload-bundler (LLVM 20 and later) reads for the compressed bundle version. */
    public static final String BUNDLE_VERSION_VARIABLE = "COMPRESSED_BUNDLE_FORMAT_VERSION";
    /** The define that makes the backend export its entry points, always set. */
    public static final String EXPORT_DEFINE = "COLI_CUDA_BUILDING_DLL";
    /**
     * The empty file, in each unit's step directory, that stands for the host entry of that unit's offload bundle
     * (clang's driver passes /dev/null). Each bundle step owns its own: no two steps write one file.
     */
    public static final String EMPTY_HOST_FILE = "bundle-host-entry.empty";
    /** The step id of the link. */
    public static final String LINK_ID = "link";

    private StepPlanner() {
    }

    /**
     * The steps, in the order a single worker runs them: for each unit its device compiles, bundle
     * and host compile, then the link.
     *
     * @param r what to build
     * @return the steps (a valid graph)
     */
    public static List<BuildStep> plan(StepPlanRequest r) {
        CompileRequest c = r.compile();
        HipSdk sdk = c.sdk();
        Path wd = r.workingDir();
        Path driverExe = r.driver().executable(sdk, r.os());
        Path bundler = Driver.tool(sdk, r.os(), "clang-offload-bundler");
        List<String> compileExtra = new ArrayList<>();
        List<String> linkExtra = new ArrayList<>();
        splitExtraArguments(c.extraArgs(), compileExtra, linkExtra);
        List<GfxTarget> targets = new ArrayList<>(c.targets().targets());
        targets.sort(Comparator.comparing(GfxTarget::toString));  // clang's driver order (a sorted set of IDs)

        List<BuildStep> steps = new ArrayList<>();
        List<String> hostIds = new ArrayList<>();
        List<Path> hostObjects = new ArrayList<>();
        for (Path source : c.sources()) {
            String unit = unitName(r.sourceDirectory(), source);
            Path unitDir = r.stepDirectory().resolve(directoryName(unit));
            List<String> codeOptions = codeOptions(c, compileExtra);
            Cuid cuid = Cuid.of(unit, codeOptions);
            Path src = rel(source, wd);
            SourceLanguage language = c.languages().of(unit);
            if (!language.hasDeviceCode()) { // a host-only source: one host compile
                Path obj = unitDir.resolve("host.obj");
                Path dep = unitDir.resolve("host.d");
                List<String> h = new ArrayList<>(driverFlags(r, StepKind.HOST_COMPILE));
                h.addAll(hostOnly(c, wd, compileExtra, r, language));
                h.add(c.staticRuntime() ? "-fms-runtime-lib=static" : "-fms-runtime-lib=dll");
                h.add("-mno-incremental-linker-compatible");
                r.hardening().ifPresent(f -> h.addAll(f.hostCompileArguments()));
                h.addAll(List.of("-MD", "-MF", rel(dep, wd).toString(), "-c", src.toString(), "-o", rel(obj, wd).toString()));
                String hostId = "host:" + unit;
                steps.add(new BuildStep(hostId, StepKind.HOST_COMPILE, unit, Optional.empty(), driverExe, h, Map.of(),
                        List.of(source), obj, Optional.of(dep), List.of(), List.of(unit + " is host-only ("
                        + language.clangLanguage() + "): one host compile, no device code")));
                hostIds.add(hostId);
                hostObjects.add(obj);
                continue;
            }
            List<String> common = common(c, wd, compileExtra, r);
            List<Path> codeObjects = new ArrayList<>();
            List<String> deviceIds = new ArrayList<>();
            for (GfxTarget t : targets) {
                String id = "device:" + unit + ":" + t;
                Path co = unitDir.resolve(fileName(t) + ".co");
                Path dep = unitDir.resolve(fileName(t) + ".d");
                List<String> a = new ArrayList<>(driverFlags(r, StepKind.DEVICE_COMPILE));
                a.addAll(common);
                a.add("--offload-arch=" + t);
                a.add("--offload-device-only");
                a.add("--no-gpu-bundle-output");
                List<String> notes = new ArrayList<>();
                if (t.processor().generic() && compileExtra.stream().noneMatch(x -> x.startsWith("-mcode-object-version="))) {
                    a.add("-mcode-object-version=6");
                    notes.add(t + " is a generic target: -mcode-object-version=6 added (generic code objects need"
                            + " code object v6; clang-19 fails in its backend without it)");
                }
                a.add(cuid.driverArgument());
                a.addAll(List.of("-MD", "-MF", rel(dep, wd).toString(), "-c", src.toString(), "-o", rel(co, wd).toString()));
                steps.add(new BuildStep(id, StepKind.DEVICE_COMPILE, unit, Optional.of(t), driverExe, a, Map.of(),
                        List.of(source), co, Optional.of(dep), List.of(), notes));
                codeObjects.add(co);
                deviceIds.add(id);
            }
            Path fatbin = unitDir.resolve("fatbin.hipfb");
            // the unit's own empty host entry: one file shared by every bundle step was rewritten (temporary
            // file and rename) by each of them, and on Windows a rename onto a file another step's bundler
            // has open fails
            Path emptyHost = unitDir.resolve(EMPTY_HOST_FILE);
            List<String> b = new ArrayList<>();
            b.add("-type=o");
            b.add("-bundle-align=4096");
            StringBuilder ids = new StringBuilder(HOST_BUNDLE_ID);
            for (GfxTarget t : targets) {
                ids.append(',').append(DEVICE_BUNDLE_PREFIX).append(t);
            }
            b.add("-targets=" + ids);
            b.add("-input=" + rel(emptyHost, wd));
            for (Path co : codeObjects) {
                b.add("-input=" + rel(co, wd));
            }
            b.add("-output=" + rel(fatbin, wd));
            Map<String, String> bundleEnv = Map.of();
            if (r.bundleVersion().isPresent()) {
                b.add("-compress");
                bundleEnv = Map.of(BUNDLE_VERSION_VARIABLE, String.valueOf(r.bundleVersion().get()));
            }
            List<Path> bundleInputs = new ArrayList<>(codeObjects);
            bundleInputs.add(0, emptyHost);
            String bundleId = "bundle:" + unit;
            steps.add(new BuildStep(bundleId, StepKind.BUNDLE, unit, Optional.empty(), bundler, b, bundleEnv,
                    bundleInputs, fatbin, Optional.empty(), deviceIds, List.of()));

            Path obj = unitDir.resolve("host.obj");
            Path dep = unitDir.resolve("host.d");
            List<String> h = new ArrayList<>(driverFlags(r, StepKind.HOST_COMPILE));
            h.addAll(common);
            for (GfxTarget t : targets) {
                h.add("--offload-arch=" + t);
            }
            h.add("--offload-host-only");
            h.add(c.staticRuntime() ? "-fms-runtime-lib=static" : "-fms-runtime-lib=dll");
            // clang-cl's /Brepro for objects: no build time in the COFF header, so an unchanged unit
            // gives the same object and the link after it can be reused
            h.add("-mno-incremental-linker-compatible");
            r.hardening().ifPresent(f -> h.addAll(f.hostCompileArguments()));
            h.addAll(List.of("-Xclang", cuid.driverArgument(), "-Xclang", "-fcuda-include-gpubinary", "-Xclang",
                    rel(fatbin, wd).toString()));
            h.addAll(List.of("-MD", "-MF", rel(dep, wd).toString(), "-c", src.toString(), "-o", rel(obj, wd).toString()));
            String hostId = "host:" + unit;
            steps.add(new BuildStep(hostId, StepKind.HOST_COMPILE, unit, Optional.empty(), driverExe, h, Map.of(),
                    List.of(source, fatbin), obj, Optional.of(dep), List.of(bundleId), List.of()));
            hostIds.add(hostId);
            hostObjects.add(obj);
        }

        List<String> l = new ArrayList<>(driverFlags(r, StepKind.LINK));
        l.add("-shared");
        l.add(c.staticRuntime() ? "-fms-runtime-lib=static" : "-fms-runtime-lib=dll");
        l.addAll(r.reproducible().linkArguments());
        r.hardening().ifPresent(f -> l.addAll(f.linkArguments()));  // before the extra arguments, which may override
        l.add("-L");
        l.add(sdk.libDir().path().toString());
        l.add("-lamdhip64");
        for (dev.hipdll.sdk.SdkLibrary lib : c.libraries()) {
            l.add("-l" + lib.name());
        }
        l.addAll(linkExtra);
        for (Path o : hostObjects) {
            l.add(rel(o, wd).toString());
        }
        l.add("-o");
        l.add(rel(r.linkOutput(), wd).toString());
        List<Path> linkInputs = new ArrayList<>(hostObjects);
        linkInputs.add(sdk.libDir().path().resolve("amdhip64.lib"));
        c.libraries().forEach(lib -> linkInputs.add(lib.lib()));
        steps.add(new BuildStep(LINK_ID, StepKind.LINK, "", Optional.empty(), driverExe, l, Map.of(), linkInputs,
                r.linkOutput(), Optional.empty(), hostIds, List.of()));
        return steps;
    }

    /**
     * The flags every compile shares, in upstream's Makefile order: {@code -O3 -std=c++17 -x hip
     * -DCOLI_CUDA_BUILDING_DLL}, the defines, {@code --hip-path=}, {@code -I<SDK include>}, the project's
     * include directories, {@code --rocm-device-lib-path=}, the reproducible-mode flags, the extra arguments.
     */
    private static List<String> common(CompileRequest c, Path wd, List<String> compileExtra, StepPlanRequest r) {
        HipSdk sdk = c.sdk();
        List<String> a = new ArrayList<>();
        a.add("-O3");
        a.add("-std=c++17");
        a.add("-x");
        a.add("hip");
        a.add("-D" + EXPORT_DEFINE);
        for (String d : c.defines()) {
            a.add("-D" + d);
        }
        a.add("--hip-path=" + sdk.root().path());
        a.add("-I" + sdk.includeDir().path());
        for (Path inc : c.includeDirs()) {
            a.add("-I" + rel(inc, wd));
        }
        a.add("--rocm-device-lib-path=" + sdk.deviceLibDir().path());
        a.addAll(r.reproducible().compileArguments(sdk.root().path()));
        a.addAll(compileExtra);
        return a;
    }

    /**
     * The flags of a host-only compile: {@code -O3}, the language ({@code -x c++ -std=c++17} or {@code -x c}),
     * {@code -DCOLI_CUDA_BUILDING_DLL} and the defines, {@code -D__HIP_PLATFORM_AMD__=1} and {@code -I<SDK include>}
     * (so a host source may call the HIP runtime API through {@code hip/hip_runtime_api.h}, as CMake's
     * {@code hip::host} target gives it), the project's include directories, the reproducible-mode flags, the extra
     * arguments. No {@code --offload-arch}, no device library.
     */
    private static List<String> hostOnly(CompileRequest c, Path wd, List<String> compileExtra, StepPlanRequest r,
                                         SourceLanguage language) {
        HipSdk sdk = c.sdk();
        List<String> a = new ArrayList<>();
        a.add("-O3");
        if (language == SourceLanguage.CXX) {
            a.add("-std=c++17");
        }
        a.add("-x");
        a.add(language.clangLanguage());
        a.add("-D" + EXPORT_DEFINE);
        for (String d : c.defines()) {
            a.add("-D" + d);
        }
        a.add("-D__HIP_PLATFORM_AMD__=1");
        a.add("-I" + sdk.includeDir().path());
        for (Path inc : c.includeDirs()) {
            a.add("-I" + rel(inc, wd));
        }
        a.addAll(r.reproducible().compileArguments(sdk.root().path()));
        a.addAll(compileExtra);
        return a;
    }

    /** The options that change a unit's code, for its {@link Cuid}: no paths, no targets. */
    private static List<String> codeOptions(CompileRequest c, List<String> compileExtra) {
        List<String> o = new ArrayList<>(List.of("-O3", "-std=c++17", "-D" + EXPORT_DEFINE));
        for (String d : c.defines()) {
            o.add("-D" + d);
        }
        o.addAll(compileExtra);
        return o;
    }

    private static List<String> driverFlags(StepPlanRequest r, StepKind kind) {
        return r.driver() == Driver.CLANG ? HipccFlags.added(r.compile().sdk(), r.os(), kind) : List.of();
    }

    /**
     * Splits {@code compilerArgs}: what only a link takes ({@code -Wl,...}, {@code -L dir}/{@code -Ldir},
     * {@code -l lib}/{@code -llib}, {@code -fuse-ld=}) goes to {@code link}, the rest to {@code compile}.
     */
    static void splitExtraArguments(List<String> extra, List<String> compile, List<String> link) {
        for (int i = 0; i < extra.size(); i++) {
            String a = extra.get(i);
            if ((a.equals("-L") || a.equals("-l")) && i + 1 < extra.size()) {
                link.add(a);
                link.add(extra.get(++i));
            } else if (a.startsWith("-Wl,") || a.startsWith("-L") || a.startsWith("-l") || a.startsWith("-fuse-ld=")) {
                link.add(a);
            } else {
                compile.add(a);
            }
        }
    }

    /**
     * A translation unit's name: its path relative to the source directory with {@code /} separators
     * ({@code backend_cuda.cu}, {@code ops/gemm.cu}); a source outside it keeps its file name. A {@code \}
     * becomes {@code /} too (it is the separator on Windows), so a unit has the same name, step ids and CUID
     * on every OS; two sources with one name are refused before the build ({@link SourceNames}).
     */
    public static String unitName(Path sourceDirectory, Path source) {
        Path abs = source.toAbsolutePath().normalize();
        Path base = sourceDirectory.toAbsolutePath().normalize();
        Path relative = abs.startsWith(base) ? base.relativize(abs) : abs.getFileName();
        return relative.toString().replace('\\', '/');
    }

    /**
     * A unit's directory under {@code steps/}: its relative path with every character but ASCII letters,
     * digits, {@code . _ + - /} and space written as {@code ~XX} (the UTF-8 bytes in hex; {@code ~} itself
     * too), so no name reaches a tool that reads it as a pattern (lld's temporary files turn {@code %}
     * into random characters) or a file system that refuses it ({@code : * ? " < > |} on Windows), and two
     * different units never share a directory.
     */
    static String directoryName(String unit) {
        StringBuilder sb = new StringBuilder();
        for (byte b : unit.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || ".+-_/ ".indexOf(c) >= 0;
            if (plain) {
                sb.append(c);
            } else {
                sb.append('~').append(String.format("%02x", b & 0xff));
            }
        }
        return sb.toString();  // unit names are normalized relative paths: no "." or ".." elements
    }

    /** A target ID as a file name on every OS: {@code gfx90a:xnack+} gives {@code gfx90a_xnack+}. */
    static String fileName(GfxTarget t) {
        return t.toString().replace(':', '_');
    }

    private static Path rel(Path p, Path wd) {
        return WorkingDirectoryPaths.relativize(p, wd);
    }
}
