package dev.hipdll.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.goal.VerifySettings;
import dev.hipdll.host.Host;
import dev.hipdll.host.OsFamily;
import dev.hipdll.testing.Fixtures;
import dev.hipdll.testing.PackageFixtures;
import dev.hipdll.testing.SarifSchema;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line is hipdll:verify without Maven: every parameter of the goal's descriptor is bound by its
 * {@code -D} name to the settings the mojo fills, with the goal's defaults and messages; a real DLL built by the
 * stand-in SDK is verified (exit 0), rejected (exit 1) and refused for bad values (exit 2), with the same reports.
 */
class CommandLineVerifyTest {
    @TempDir
    static Path shared;
    static Path dll;

    @TempDir
    Path dir;

    @BeforeAll
    static void buildTheExample() {
        dll = Fixtures.exampleDll(shared, "coli_hip.dll", List.of("gfx1151"), List.of());
    }

    static GoalDescriptor verifyGoal() throws Exception {
        return PluginDescriptor.load(CommandLineVerifyTest.class.getClassLoader()).goal("verify").orElseThrow();
    }

    record Run(int status, String out, String err) {
    }

    Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Host.of(OsFamily.UNIX, Map.of()), dir);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void everyParameterOfTheGoalIsBoundOrHandledAndEverySetterIsAParameter() throws Exception {
        GoalDescriptor goal = verifyGoal();
        assertTrue(goal.parameters().size() > 40, "the descriptor's verify parameters: " + goal.parameters().size());
        List<String> unbound = new ArrayList<>();
        for (GoalParameter p : goal.parameters()) {
            if (SettingsBinder.setter(VerifySettings.class, p.name()).isEmpty()
                    && !VerifyCommand.HANDLED_HERE.contains(p.name())) {
                unbound.add(p.property() + " (" + p.name() + ")");
            }
        }
        assertEquals(List.of(), unbound, "parameters of hipdll:verify the command line cannot set");
        List<String> extra = new ArrayList<>();
        for (Method m : VerifySettings.class.getMethods()) {
            if (m.getReturnType() == VerifySettings.class && m.getParameterCount() == 1
                    && goal.parameters().stream().noneMatch(p -> p.name().equals(m.getName()))) {
                extra.add(m.getName());
            }
        }
        assertEquals(List.of(), extra, "setters that are no parameter of the goal");
    }

    @Test
    void theSettingsStartAtTheGoalsDefaults() throws Exception {
        SettingsBinder binder = new SettingsBinder(dir);
        int compared = 0;
        for (GoalParameter p : verifyGoal().parameters()) {
            if (p.defaultValue().isEmpty() || p.defaultNeedsProject() || VerifyCommand.HANDLED_HERE.contains(p.name())) {
                continue;
            }
            VerifySettings fresh = new VerifySettings();
            VerifySettings given = new VerifySettings();
            binder.bind(given, p, p.defaultValue().get());
            assertEquals(fields(fresh), fields(given), p.property() + "'s default " + p.defaultValue().get()
                    + " differs from VerifySettings' starting value");
            compared++;
        }
        assertTrue(compared >= 25, "defaults compared: " + compared);
    }

    private static Map<String, Object> fields(VerifySettings s) throws IllegalAccessException {
        Map<String, Object> out = new java.util.TreeMap<>();
        for (Field f : VerifySettings.class.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers())) {
                f.setAccessible(true);
                out.put(f.getName(), Objects.toString(f.get(s)));
            }
        }
        return out;
    }

    @Test
    void helpListsEveryParameterWithTheGoalsDescription() throws Exception {
        Run r = run("verify", "--help");
        assertEquals(0, r.status());
        for (GoalParameter p : verifyGoal().parameters()) {
            assertTrue(r.out().contains("-D" + p.property() + "="), "help lacks " + p.property());
            String words = HelpText.plain(p.description());
            String first = words.split(" ").length > 4 ? String.join(" ", List.of(words.split(" ")).subList(0, 4)) : words;
            assertTrue(r.out().replaceAll("\\s+", " ").contains(first), "help lacks the description of "
                    + p.property() + ": " + first);
        }
    }

    @Test
    void aDllThatPassesExitsZeroWithTheGoalsReports() throws Exception {
        Path reports = dir.resolve("reports");
        Run r = run("verify", dll.toString(), "-Dhip.arch=gfx1151", "-Dhip.reportDirectory=" + reports);
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("VERIFIED") || r.out().contains("PASS"), r.out());
        assertTrue(Files.isRegularFile(reports.resolve("verify.json")));
        assertTrue(Files.isRegularFile(reports.resolve("TEST-hipdll-verify.xml")));
        assertEquals(List.of(), SarifSchema.errors(reports.resolve("verify.sarif")));
    }

    @Test
    void aDllThatFailsACheckExitsOneNamingIt() {
        Run r = run("verify", dll.toString(), "-Dhip.expectedExports=47", "-Dhip.reportDirectory=" + dir.resolve("r"));
        assertEquals(1, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("hipdll:verify rejected") && r.err().contains("exports"), r.err());
        assertTrue(Files.isRegularFile(dir.resolve("r/verify.sarif")));
    }

    @Test
    void reportsGoUnderTheCurrentDirectoryByDefault() {
        Run r = run("verify", dll.toString(), "-Dhip.arch=gfx1151");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(Files.isRegularFile(dir.resolve("target/hipdll/verify.json")), r.out());
    }

    @Test
    void aValueTheGoalRefusesExitsTwoWithTheGoalsMessage() {
        Run range = run("verify", dll.toString(), "-Dhip.maxBundleMiB=0");
        assertEquals(2, range.status());
        assertTrue(range.err().contains("hipdll:verify: hip.maxBundleMiB: 0 is outside 1..2047"), range.err());
        Run bool = run("verify", dll.toString(), "-Dhip.staticRuntime=flase");
        assertEquals(2, bool.status());
        assertTrue(bool.err().contains("hip.staticRuntime: 'flase' is not true or false"), bool.err());
        Run typo = run("verify", dll.toString(), "-Dhip.maxBundleMib=5");
        assertEquals(2, typo.status());
        assertTrue(typo.err().contains("did you mean hip.maxBundleMiB?"), typo.err());
        Run target = run("verify", dll.toString(), "-Dhip.arch=native");
        assertEquals(2, target.status());
        assertTrue(target.err().contains("hipdll:verify: hip.arch:"), target.err());
        Run nothing = run("verify");
        assertEquals(2, nothing.status());
        assertTrue(nothing.err().contains("nothing to verify"), nothing.err());
        Run missing = run("verify", "no-such.dll");
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("no-such.dll: no such file or directory"), missing.err());
        Run twice = run("verify", dll.toString(), "-Dhip.dll=" + dll);
        assertEquals(2, twice.status());
        Run command = run("verfiy", dll.toString());
        assertEquals(2, command.status());
        assertFalse(Files.exists(dir.resolve("target")), "nothing is written before the values are checked");
    }

    @Test
    void aDirectoryOrAZipIsAReleasePackage() throws Exception {
        Path release = Files.createDirectories(dir.resolve("release"));
        Files.copy(dll, release.resolve("coli_hip.dll"));
        Path zip = PackageFixtures.zip(release, dir.resolve("release.zip"));
        for (Path p : List.of(release, zip)) {
            Run r = run("verify", p.toString(), "-Dhip.arch=gfx1151", "-Dhip.reportDirectory=" + dir.resolve("r"));
            String all = r.out() + r.err();
            assertTrue(all.contains("package"), all);
            assertTrue(r.status() == 0 || r.status() == 1, all);
            assertTrue(Files.readString(dir.resolve("r/verify.json")).contains("package."), "a package's report");
        }
    }

    @Test
    void skipSwitchesSkip() {
        Run r = run("verify", "-Dhip.skip=true");
        assertEquals(0, r.status());
        assertTrue(r.out().contains("skipped"), r.out());
        // a value the goal refuses is a usage error that names the switch, as the goal's message does
        Run odd = run("verify", dll.toString(), "-Dhip.skip=1");
        assertEquals(2, odd.status());
        assertTrue(odd.err().contains("hipdll:verify: hip.skip: '1' is not true or false"), odd.err());
        Run empty = run("doctor", "-Dhip.doctor.skip=");
        assertEquals(2, empty.status());
        assertTrue(empty.err().contains("hipdll:doctor: hip.doctor.skip: '' is not true or false"), empty.err());
    }

    @Test
    void doctorRunsAndWritesNothingWithoutAnOutput() {
        Run r = run("doctor", "-Dhip.sdkRoot=" + dir.resolve("no-sdk"));
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("hipdll:doctor"), r.out());
        assertFalse(Files.exists(dir.resolve("target")));
        Run tc = run("doctor", "-Dhip.toolchainVersion=6");
        assertEquals(2, tc.status());
        assertTrue(tc.err().contains("toolchains.xml"), tc.err());
        Run fail = run("doctor", "-Dhip.sdkRoot=" + dir.resolve("no-sdk"), "-Dhip.doctor.failOnError=true");
        assertEquals(1, fail.status(), fail.out() + fail.err());
    }
}
