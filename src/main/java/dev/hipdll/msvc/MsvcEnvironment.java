package dev.hipdll.msvc;

import dev.hipdll.environment.EnvironmentAdditions;
import dev.hipdll.host.OsFamily;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A pinned MSVC toolset and Windows SDK, and the consistent environment they give the compiler:
 * what {@code vcvarsall.bat x64 -vcvars_ver=<version>} would set, computed from the directory
 * tree instead of captured from a batch file. {@code VCToolsVersion}, {@code VCToolsInstallDir},
 * {@code INCLUDE}, {@code LIB}, {@code LIBPATH} and {@code PATH} all name the same toolset, so
 * clang (which reads {@code VCToolsInstallDir}, else takes the newest toolset) and lld-link agree.
 *
 * @param toolset       the toolset
 * @param toolsetOrigin what chose it ({@code hip.vcToolsVersion=14.44}, {@code inherited VCToolsVersion})
 * @param windowsSdk    the Windows SDK
 * @param installations every Visual Studio installation considered (their other toolsets'
 *                      {@code PATH} entries are removed)
 */
public record MsvcEnvironment(MsvcToolset toolset, String toolsetOrigin, WindowsSdk windowsSdk,
                              List<Path> installations) {
    /** Creates the value; {@code installations} is copied. */
    public MsvcEnvironment {
        installations = List.copyOf(installations);
    }

    /**
     * One line for the build log: {@code MSVC toolset <version> (from <origin>), Windows SDK <version> in <root>}.
     */
    public String describe() {
        return "MSVC toolset " + toolset + " (from " + toolsetOrigin + "), Windows SDK " + windowsSdk.version()
                + " in " + windowsSdk.root();
    }

    /** The variables and PATH entries for the child, in vcvarsall's order; list separator of {@code os}. */
    public EnvironmentAdditions additions(OsFamily os) {
        String sep = String.valueOf(os.pathListSeparator());
        Path t = toolset.dir();
        Path k = windowsSdk.root();
        String v = windowsSdk.version();
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("VSINSTALLDIR", dir(toolset.vsInstallDir()));
        vars.put("VCINSTALLDIR", dir(toolset.vsInstallDir().resolve("VC")));
        vars.put("VCToolsVersion", toolset.version());
        vars.put("VCToolsInstallDir", dir(t));
        vars.put("WindowsSdkDir", dir(k));
        vars.put("WindowsSDKVersion", v + "\\");
        vars.put("WindowsSDKLibVersion", v + "\\");
        vars.put("UniversalCRTSdkDir", dir(k));
        vars.put("UCRTVersion", v);
        vars.put("INCLUDE", String.join(sep, List.of(
                t.resolve("include").toString(),
                k.resolve("Include/" + v + "/ucrt").toString(),
                k.resolve("Include/" + v + "/shared").toString(),
                k.resolve("Include/" + v + "/um").toString(),
                k.resolve("Include/" + v + "/winrt").toString(),
                k.resolve("Include/" + v + "/cppwinrt").toString())));
        vars.put("LIB", String.join(sep, List.of(
                t.resolve("lib/x64").toString(),
                k.resolve("Lib/" + v + "/ucrt/x64").toString(),
                k.resolve("Lib/" + v + "/um/x64").toString())));
        vars.put("LIBPATH", String.join(sep, List.of(
                t.resolve("lib/x64").toString(),
                t.resolve("lib/x86/store/references").toString(),
                k.resolve("UnionMetadata/" + v).toString(),
                k.resolve("References/" + v).toString())));
        List<String> path = List.of(t.resolve("bin/Hostx64/x64").toString(), k.resolve("bin/" + v + "/x64").toString());
        List<Path> replaced = new java.util.ArrayList<>();
        for (Path vs : installations) {
            replaced.add(vs.resolve("VC/Tools/MSVC"));
        }
        replaced.add(k.resolve("bin"));
        return new EnvironmentAdditions("MSVC toolset " + toolset.version() + " (" + toolsetOrigin + "), Windows SDK " + v,
                vars, path, replaced);
    }

    /** A directory with a trailing separator, as vcvarsall writes {@code VCToolsInstallDir}. */
    private static String dir(Path p) {
        String s = p.toString();
        String sep = p.getFileSystem().getSeparator();
        return s.endsWith(sep) ? s : s + sep;
    }
}
