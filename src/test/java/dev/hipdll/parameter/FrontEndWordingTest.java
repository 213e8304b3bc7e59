package dev.hipdll.parameter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.doctor.Doctor;
import dev.hipdll.doctor.DoctorHost;
import dev.hipdll.doctor.DoctorReport;
import dev.hipdll.doctor.DoctorRequest;
import dev.hipdll.doctor.LocalFileProbe;
import dev.hipdll.findings.Check;
import dev.hipdll.sdk.HipSdkResolver;
import dev.hipdll.sdk.SdkOverrides;
import dev.hipdll.sdk.SdkResolutionException;
import dev.hipdll.contract.ContractException;
import dev.hipdll.contract.ContractSource;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.msvc.MsvcResolutionException;
import dev.hipdll.msvc.ToolsetSelector;
import dev.hipdll.msvc.VisualStudioLocator;
import dev.hipdll.msvc.WindowsSdkLocator;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.verify.DllChoice;
import java.nio.file.Files;
import java.time.Duration;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second front end (a command line of its own) words the core's "set this parameter" messages its own way: it
 * hands its {@link ParameterHints} to the core in the request, and the SDK resolver, hipdll:doctor's report, the
 * DLL choice of verify, the contract reader and the MSVC locators spell a parameter with them, not as Maven's
 * {@code -Dhip.*}.
 */
class FrontEndWordingTest {

    /** A front end whose options are {@code --sdk-root <dir>}: {@code hip.sdkRoot} becomes {@code --sdk-root}. */
    private record DashDashHints() implements ParameterHints {
        @Override
        public String set(String property, String example) {
            return name(property) + " " + example;
        }

        @Override
        public String name(String property) {
            String p = property.substring(property.lastIndexOf('.') + 1);
            return "--" + p.replaceAll("([A-Z])", "-$1").toLowerCase(java.util.Locale.ROOT);
        }
    }

    private static final ParameterHints CLI = new DashDashHints();

    @TempDir
    Path dir;

    @Test
    void mavenWordsAParameterAsAUserProperty() {
        assertEquals("-Dhip.sdkRoot=<dir>", ParameterHints.MAVEN.set("hip.sdkRoot", "<dir>"));
        assertEquals("-Dhip.vsInstallDir", ParameterHints.MAVEN.name("hip.vsInstallDir"));
    }

    @Test
    void theSdkResolverSaysHowToNameTheSdkInTheFrontEndsWords() {
        SdkOverrides none = new SdkOverrides(null, null, null, null, null, null, null, Map.of(), CLI);
        SdkResolutionException e = assertThrows(SdkResolutionException.class,
                () -> new HipSdkResolver(false, Map.of()).resolve(none, Optional.empty()));
        assertTrue(e.getMessage().contains("Set --sdk-root <dir> or HIP_SDK_ROOT"), e.getMessage());
        assertTrue(e.getMessage().contains("in order: --sdk-root (not set)"), e.getMessage());
        assertFalse(e.getMessage().contains("-Dhip."), e.getMessage());

        SdkOverrides missing = new SdkOverrides(dir.resolve("no-sdk"), null, null, null, null, null, null, Map.of(), CLI);
        SdkResolutionException given = assertThrows(SdkResolutionException.class,
                () -> new HipSdkResolver(false, Map.of()).resolve(missing, Optional.empty()));
        assertTrue(given.getMessage().contains("(from --sdk-root)"), given.getMessage());
    }

    @Test
    void doctorsReportSpeaksTheFrontEndsWords() {
        DoctorRequest request = new DoctorRequest(new DoctorHost(false, Map.of("PATH", "/usr/bin:/bin")), null, null,
                null, null, Optional.empty(), Map.of(), CLI);
        DoctorReport report = new Doctor(new LocalFileProbe(), null).examine(request);
        StringBuilder all = new StringBuilder();
        for (Check c : report.checks()) {
            all.append(c.expected()).append(' ').append(c.found()).append(' ').append(c.details()).append('\n');
        }
        assertTrue(all.toString().contains("a HIP SDK (--sdk-root, HIP_SDK_ROOT"), all.toString());
        assertTrue(all.toString().contains("no --runtime-dir"), all.toString());
        assertTrue(all.toString().contains("--launcher wine"), all.toString());
        assertFalse(all.toString().contains("-Dhip."), all.toString());
    }

    @Test
    void verifysDllChoiceNamesTheDllOptionAsTheFrontEndDoes() {
        Path built = dir.resolve("target/hipdll/coli_hip.dll");
        DllChoice asked = DllChoice.choose(dir.resolve("other.dll"), true, built, Optional.of(built), CLI);
        assertEquals("--dll", asked.origin());
        assertTrue(asked.check().found().startsWith("--dll names "), asked.check().toString());
        assertTrue(asked.check().details().get(0).contains("as --dll asks"), asked.check().toString());
        DllChoice byDefault = DllChoice.choose(built, false, built, Optional.empty(), CLI);
        assertTrue(byDefault.missingHint().endsWith("name the DLL with --dll"), byDefault.missingHint());
        List<String> maven = DllChoice.choose(dir.resolve("other.dll"), true, built, Optional.of(built)).check().details();
        assertTrue(maven.get(0).contains("as -Dhip.dll asks"), maven.toString());
    }

    @Test
    void theContractReaderAsksForTheSdkInTheFrontEndsWords() throws Exception {
        Path loader = Files.writeString(dir.resolve("backend_loader.c"), "#define EACH(M) M(extra1, coli_init_fn)\n"
                + "static void load(void) {\n    EACH(RESOLVE);\n}\n");
        ContractException e = assertThrows(ContractException.class, () -> new ContractSource(loader, List.of(), null, 48,
                "coli_cuda_", false, null, CLI).load());
        assertTrue(e.getMessage().contains("give the SDK (--sdk-root)"), e.getMessage());
        assertFalse(e.getMessage().contains("-Dhip."), e.getMessage());
    }

    @Test
    void theMsvcLocatorsNameTheirParametersInTheFrontEndsWords() {
        MsvcResolutionException none = assertThrows(MsvcResolutionException.class,
                () -> ToolsetSelector.choose(List.of(), null, Optional.empty(), CLI));
        assertTrue(none.getMessage().endsWith("or set --vs-install-dir"), none.getMessage());
        Host windows = Host.of(OsFamily.WINDOWS, Map.of("ProgramFiles(x86)", dir.toString()));
        MsvcResolutionException noVswhere = assertThrows(MsvcResolutionException.class,
                () -> new VisualStudioLocator(windows, new ProcessRunner(Duration.ofSeconds(10)), CLI).installations(null));
        assertTrue(noVswhere.getMessage().contains("or set --vs-install-dir <Visual Studio directory>"),
                noVswhere.getMessage());
        MsvcResolutionException noKits = assertThrows(MsvcResolutionException.class,
                () -> new WindowsSdkLocator(windows, CLI).locate(dir, null));
        assertTrue(noKits.getMessage().contains("or set --windows-sdk-dir <Windows Kits root>"), noKits.getMessage());
    }

    @Test
    void theBuildsOwnMessagesNameTheirParametersInTheFrontEndsWords() throws Exception {
        dev.hipdll.gfx.InvalidTargetException none = assertThrows(dev.hipdll.gfx.InvalidTargetException.class,
                () -> dev.hipdll.gfx.GfxTargetList.parse(" ", CLI));
        assertTrue(none.getMessage().contains("set hip.arch (--arch gfx1151)"), none.getMessage());
        String batch = dev.hipdll.compile.BatchWrapper.refusal(dir.resolve("hipcc.bat"), CLI).getMessage();
        assertTrue(batch.contains("Point --hipcc at hipcc.exe") && batch.contains("(--driver clang)"), batch);
        assertFalse(batch.contains("-Dhip."), batch);
        Path wine = dir.resolve("no-wine");
        dev.hipdll.loadcheck.LoadCheckException noWine = assertThrows(dev.hipdll.loadcheck.LoadCheckException.class,
                () -> dev.hipdll.loadcheck.SharedWinePrefix.wineVersion(wine.toString(), Map.of(),
                        new ProcessRunner(Duration.ofSeconds(10)), CLI));
        assertTrue(noWine.getMessage().contains("set --wine <path to wine>, or give the prefix with --wine-prefix"),
                noWine.getMessage());
        assertFalse(noWine.getMessage().contains("-Dhip."), noWine.getMessage());
    }
}
