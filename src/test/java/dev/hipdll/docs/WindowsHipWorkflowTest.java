package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Toolchain;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * This project's own Windows workflow (.github/workflows/windows-hip.yml) cannot run here (no Windows
 * runner, no HIP SDK), so everything it runs is checked against the project instead: each script it
 * calls exists (and each PowerShell parameter it passes is declared), each Maven goal is one of the
 * plugin's goals (docs/goals-reference.md, generated from the mojos), each {@code -Dhip.*} property
 * belongs to a goal that invocation runs, each variable it expands is defined, the IT selector script
 * finds the Windows-only ITs, and the SDK pin, timeout, cache, reports and artifacts are where the
 * issue asks. GitHub's own schema is checked by {@code scripts/validate-workflows} (ValidateWorkflowsTest).
 */
class WindowsHipWorkflowTest {
    private static final Path WORKFLOW = Path.of(".github/workflows/windows-hip.yml");
    private static final Pattern GOAL = Pattern.compile("^hipdll:([a-z-]+)$");
    private static final Pattern PROPERTY = Pattern.compile("^-D(hip\\.[A-Za-z.]+)=");
    private static final Pattern BASH_VAR = Pattern.compile("\\$(?:env:)?\\{?([A-Z_][A-Z0-9_]*)");

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o, String what) {
        return (Map<String, Object>) assertInstanceOf(Map.class, o, what + " is a mapping");
    }

    @SuppressWarnings("unchecked")
    private static Map<Object, Object> workflow() throws Exception {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        return (Map<Object, Object>) new Yaml(new SafeConstructor(options)).load(Files.readString(WORKFLOW, StandardCharsets.UTF_8));
    }

    private static Map<String, Object> job() throws Exception {
        return map(map(workflow().get("jobs"), "jobs").get("windows-hip"), "job windows-hip");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> steps() throws Exception {
        return (List<Map<String, Object>>) assertInstanceOf(List.class, job().get("steps"), "steps");
    }

    private static Map<String, Object> step(String id) throws Exception {
        return steps().stream().filter(s -> id.equals(s.get("id"))).findFirst()
                .orElseThrow(() -> new AssertionError("no step with id " + id + " in " + WORKFLOW));
    }

    private static String run(String id) throws Exception {
        return String.valueOf(step(id).get("run"));
    }

    /** Splits a one-line shell command into words, dropping double quotes (enough for this workflow's lines). */
    private static List<String> words(String command) {
        List<String> out = new ArrayList<>();
        for (String w : command.trim().split("\\s+")) {
            out.add(w.replace("\"", ""));
        }
        return out;
    }

    /** Goal name to the set of its user properties, from the generated goals reference. */
    private static Map<String, Set<String>> goalProperties() throws Exception {
        Map<String, Set<String>> goals = new LinkedHashMap<>();
        String current = null;
        Pattern row = Pattern.compile("^\\| `[A-Za-z]+` \\| `(hip\\.[A-Za-z.]+)` \\|");
        for (String line : Files.readAllLines(Path.of("docs/goals-reference.md"), StandardCharsets.UTF_8)) {
            Matcher h = Pattern.compile("^## hipdll:([a-z-]+)$").matcher(line);
            if (h.matches()) {
                current = h.group(1);
                goals.put(current, new LinkedHashSet<>());
                continue;
            }
            Matcher r = row.matcher(line);
            if (current != null && r.find()) {
                goals.get(current).add(r.group(1));
            }
        }
        assertTrue(goals.keySet().containsAll(List.of("build", "verify", "load-check", "doctor")), goals.keySet().toString());
        return goals;
    }

    @Test
    void runsOnHostedWindows2022OnPullRequestsAndASchedule() throws Exception {
        Map<Object, Object> wf = workflow();
        Object on = wf.containsKey("on") ? wf.get("on") : wf.get(Boolean.TRUE);
        Map<String, Object> triggers = map(on, "on");
        assertTrue(triggers.containsKey("pull_request"), "runs on pull requests: " + triggers);
        assertTrue(String.valueOf(triggers.get("schedule")).contains("cron="), "runs on a schedule: " + triggers);
        assertEquals("windows-2022", job().get("runs-on"));
        assertTrue(job().get("timeout-minutes") instanceof Integer, "the job has a timeout");
        for (Map<String, Object> s : steps()) {
            assertTrue(s.get("name") instanceof String && s.get("id") instanceof String,
                    "every step has a name and an id, so a failure names it: " + s);
        }
        assertEquals("failure()", step("failed-steps").get("if"), "the last step names the failed ones");
        // A failed check does not hide the next one: each runs when what it needs succeeded.
        assertEquals("${{ !cancelled() && steps.build-plugin.outcome == 'success' }}", step("build-example").get("if"));
        for (String id : List.of("verify", "load-check")) {
            assertEquals("${{ !cancelled() && steps.build-example.outcome == 'success' }}", step(id).get("if"), id);
        }
        assertEquals("${{ !cancelled() && steps.build-plugin.outcome == 'success' }}", step("windows-only-its").get("if"));
        assertTrue(run("failed-steps").contains("node scripts/ci/failed-steps.mjs"));
        assertTrue(String.valueOf(map(step("failed-steps").get("env"), "env").get("STEPS")).contains("toJSON(steps)"));
    }

    @Test
    void theHipSdkInstallerIsPinnedInOnePlaceWithATimeoutAndACacheKeyedByIt() throws Exception {
        Map<String, Object> env = map(workflow().get("env"), "env");
        String version = String.valueOf(env.get("HIPSDK_INSTALLER_VERSION"));
        assertTrue(version.matches("[0-9]{2}\\.Q[1-4]"), "HIPSDK_INSTALLER_VERSION like 26.Q1: " + version);
        String text = Files.readString(WORKFLOW, StandardCharsets.UTF_8);
        assertEquals(1, text.split(Pattern.quote(version), -1).length - 1, "the installer version " + version + " is written once");
        Map<String, Object> cache = step("cache-hip-sdk");
        assertTrue(String.valueOf(cache.get("uses")).startsWith("actions/cache@"), String.valueOf(cache));
        Map<String, Object> with = map(cache.get("with"), "cache with");
        assertEquals("C:\\Program Files\\AMD\\ROCm", with.get("path"));
        assertTrue(String.valueOf(with.get("key")).contains("${{ env.HIPSDK_INSTALLER_VERSION }}"), "cache keyed by the version: " + with);
        assertEquals("steps.cache-hip-sdk.outputs.cache-hit != 'true'", step("install-hip-sdk").get("if"));
        assertTrue(run("install-hip-sdk").contains("-TimeoutMinutes 10"), run("install-hip-sdk"));
        String script = Files.readString(Path.of("scripts/windows/install-hip-sdk.ps1"), StandardCharsets.UTF_8);
        assertTrue(script.contains("AMD-Software-PRO-Edition-$Version-Win11-For-HIP.exe"), "installer name from the version");
        assertTrue(script.contains("-ArgumentList '-install'"), "the silent flag");
        assertTrue(script.contains("WaitForExit($TimeoutMinutes * 60 * 1000)") && script.contains(".Kill($true)"), "timeout kills the tree");
        String find = Files.readString(Path.of("scripts/windows/find-hip-sdk.ps1"), StandardCharsets.UTF_8);
        assertTrue(find.contains("'*\\bin\\clang.exe'") && find.contains("HIP_SDK_ROOT=$sdk") && find.contains("GITHUB_ENV"), "glob and hand-over");
    }

    @Test
    void everyScriptItRunsExistsAndEveryPowerShellParameterIsDeclared() throws Exception {
        Pattern scriptRef = Pattern.compile("(?:\\./|node |bash )?(scripts/[A-Za-z0-9_./-]+)");
        int scripts = 0;
        for (Map<String, Object> s : steps()) {
            if (!s.containsKey("run")) {
                continue;
            }
            String command = String.valueOf(s.get("run"));
            Matcher m = scriptRef.matcher(command);
            while (m.find()) {
                Path script = Path.of(m.group(1));
                assertTrue(Files.isRegularFile(script), "step " + s.get("id") + " runs " + script + ", which is not in the project");
                scripts++;
                if (script.toString().endsWith(".ps1")) {
                    String text = Files.readString(script, StandardCharsets.UTF_8);
                    String params = text.substring(text.indexOf("param("), text.indexOf(")\n", text.indexOf("param(")) + 1);
                    for (String w : words(command)) {
                        if (w.matches("-[A-Z][A-Za-z]+")) {
                            assertTrue(params.contains("$" + w.substring(1)), script + " declares no parameter " + w + ": " + params);
                        }
                    }
                } else if (!script.toString().endsWith(".mjs")) {
                    assertTrue(Files.isExecutable(script), script + " is executable");
                }
            }
        }
        assertTrue(scripts >= 4, "install-hip-sdk, find-hip-sdk, windows-only-its and failed-steps are run: " + scripts);
    }

    @Test
    void everyGoalAndHipPropertyExistsAndEveryVariableIsDefined() throws Exception {
        Map<String, Set<String>> goals = goalProperties();
        Set<String> defined = new LinkedHashSet<>(map(workflow().get("env"), "env").keySet());
        defined.addAll(List.of("GITHUB_ENV", "RUNNER_TEMP"));
        Map<String, List<String>> phases = Map.of("package", List.of("build"), "verify", List.of("build", "verify"));
        int invocations = 0;
        for (Map<String, Object> s : steps()) {
            if (!s.containsKey("run")) {
                continue;
            }
            String command = String.valueOf(s.get("run"));
            Matcher v = BASH_VAR.matcher(command);
            while (v.find()) {
                assertTrue(defined.contains(v.group(1)), "step " + s.get("id") + " expands " + v.group(1) + ", defined nowhere: " + defined);
            }
            if (!command.contains("./mvnw")) {
                continue;
            }
            assertFalse(command.matches("(?s).*(^|\\s)mvn\\s.*"), "the wrapper, not the machine's mvn: " + command);
            List<String> w = words(command);
            Set<String> run = new LinkedHashSet<>();
            Set<String> props = new LinkedHashSet<>();
            for (int i = 0; i < w.size(); i++) {
                Matcher g = GOAL.matcher(w.get(i));
                if (g.matches()) {
                    assertTrue(goals.containsKey(g.group(1)), "step " + s.get("id") + ": no goal hipdll:" + g.group(1));
                    run.add(g.group(1));
                }
                if (phases.containsKey(w.get(i))) {
                    run.addAll(phases.get(w.get(i)));
                }
                Matcher p = PROPERTY.matcher(w.get(i));
                if (p.find()) {
                    props.add(p.group(1));
                }
                if (w.get(i).equals("-f")) {
                    String pom = w.get(i + 1).replace("$", "");
                    String file = String.valueOf(map(workflow().get("env"), "env").getOrDefault(pom, pom));
                    assertTrue(Files.isRegularFile(Path.of(file)), "-f " + file + " exists");
                }
            }
            for (String prop : props) {
                assertTrue(run.stream().anyMatch(g -> goals.get(g).contains(prop)),
                        "step " + s.get("id") + " passes -D" + prop + ", a parameter of none of the goals it runs " + run);
            }
            invocations++;
        }
        assertTrue(invocations >= 5, "plugin, doctor, build, verify and load-check are Maven runs: " + invocations);
        assertTrue(run("build-example").contains("-Dhip.arch=$HIP_ARCH") && run("build-example").contains("-Dhip.vcToolsVersion=$VC_TOOLS_VERSION"));
        assertEquals("gfx1151,gfx1100", map(workflow().get("env"), "env").get("HIP_ARCH"));
        assertTrue(run("load-check").contains("-Dhip.loadCheck.launcher=native"), "no Wine on Windows");
        assertTrue(run("build-plugin").startsWith("./mvnw "), "the plugin is built with the wrapper");
        assertTrue(String.valueOf(map(step("setup-java").get("with"), "with").get("java-version")).equals("17"));
    }

    @Test
    void theDoctorLogReportsAndArtifactsAreKept() throws Exception {
        String doctor = run("doctor");
        assertTrue(doctor.contains("-Dhip.doctor.output=target/windows-hip/doctor.json"), doctor);
        assertTrue(doctor.contains("| tee examples/colibri-backend/target/windows-hip/doctor.log"), doctor);
        Map<String, Object> reports = map(step("publish-reports").get("with"), "with");
        assertTrue(String.valueOf(step("publish-reports").get("uses")).startsWith("mikepenz/action-junit-report@"));
        String paths = String.valueOf(reports.get("report_paths"));
        assertTrue(paths.contains("target/hipdll/TEST-hipdll-*.xml") && paths.contains("target/invoker-reports/TEST-*.xml"), paths);
        assertEquals(Boolean.TRUE, reports.get("require_tests"));
        String kept = String.valueOf(map(step("artifacts").get("with"), "with").get("path"));
        for (String f : List.of("target/hipdll/coli_hip.dll\n", "target/hipdll/provenance.json", "target/hipdll/build.log",
                "target/windows-hip/doctor.json", "target/windows-hip/doctor.log", "target/invoker-reports/")) {
            assertTrue(kept.contains(f), "artifact " + f + " kept: " + kept);
        }
        assertEquals("${{ !cancelled() }}", step("artifacts").get("if"), "kept when a check failed too");
    }

    @Test
    void theItSelectorFindsTheWindowsOnlyItsAndFailsWhenOneSkips() throws Exception {
        assertEquals("./scripts/dev/windows-only-its", run("windows-only-its"));
        String script = Files.readString(Path.of("scripts/dev/windows-only-its"), StandardCharsets.UTF_8);
        assertTrue(script.contains("invoker:run@integration-test") && script.contains("-Dinvoker.test="), "selector through the invoker execution");
        assertTrue(Files.readString(Path.of("pom.xml"), StandardCharsets.UTF_8).contains("<id>integration-test</id>"), "that execution exists");
        Exec.Result list = Exec.run(Path.of("."), List.of("scripts/dev/windows-only-its", "--list"), Map.of());
        assertEquals(0, list.exit(), list.output());
        List<String> names = list.output().lines().toList();
        assertTrue(names.contains("windows-toolset-pin"), names.toString());
        for (String name : names) {
            String props = Files.readString(Path.of("src/it", name, "invoker.properties"), StandardCharsets.UTF_8);
            assertTrue(props.contains("invoker.os.family = windows"), name);
        }
        Path reports = Files.createTempDirectory("invoker-reports");
        Files.writeString(reports.resolve("BUILD-windows-toolset-pin.xml"),
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<build-job project=\"windows-toolset-pin/pom.xml\" name=\"\" "
                        + "description=\"\" result=\"skipped\" executionCount=\"1\">\n  <failureMessage>Skipped due to OS</failureMessage>\n</build-job>\n");
        Exec.Result skipped = Exec.run(Path.of("."), List.of("scripts/dev/windows-only-its", "--check", reports.toString(), "windows-toolset-pin"), Map.of());
        assertEquals(1, skipped.exit(), skipped.output());
        assertTrue(skipped.output().contains("FAIL    windows-toolset-pin: result=\"skipped\""), skipped.output());
        Exec.Result missing = Exec.run(Path.of("."), List.of("scripts/dev/windows-only-its", "--check", reports.toString(), "not-run-it"), Map.of());
        assertEquals(1, missing.exit(), missing.output());
        assertTrue(missing.output().contains("the IT did not run"), missing.output());
        Files.writeString(reports.resolve("BUILD-windows-toolset-pin.xml"),
                "<build-job project=\"windows-toolset-pin/pom.xml\" name=\"\" description=\"\" result=\"success\" time=\"3.1\"/>\n");
        Exec.Result passed = Exec.run(Path.of("."), List.of("scripts/dev/windows-only-its", "--check", reports.toString()), Map.of());
        assertEquals(0, passed.exit(), passed.output());
        assertTrue(passed.output().contains("PASS    windows-toolset-pin"), passed.output());
    }

    @Test
    void theLastStepNamesTheFailedSteps() throws Exception {
        String node = Toolchain.tool("node").toString();
        Exec.Result failed = Exec.run(Path.of("."), List.of(node, "scripts/ci/failed-steps.mjs"),
                Map.of("STEPS", "{\"find-hip-sdk\":{\"outcome\":\"success\"},\"build-example\":{\"outcome\":\"failure\"},"
                        + "\"verify\":{\"outcome\":\"skipped\"}}"));
        assertEquals(1, failed.exit(), failed.output());
        assertTrue(failed.output().contains("::error title=step build-example failed::"), failed.output());
        assertFalse(failed.output().contains("verify"), "only the failed step: " + failed.output());
        Exec.Result none = Exec.run(Path.of("."), List.of(node, "scripts/ci/failed-steps.mjs"), Map.of("STEPS", "{\"a\":{\"outcome\":\"success\"}}"));
        assertEquals(0, none.exit(), none.output());
        Exec.Result bad = Exec.run(Path.of("."), List.of(node, "scripts/ci/failed-steps.mjs"), Map.of("STEPS", "[1,"));
        assertEquals(2, bad.exit(), bad.output());
        assertTrue(bad.output().contains("STEPS is not the job's steps context as JSON"), bad.output());
    }

    @Test
    void docsShowTheWorkflowVerbatimAndTheAcceptanceList() throws Exception {
        String doc = Files.readString(Path.of("docs/ci.md"), StandardCharsets.UTF_8);
        String workflow = Files.readString(WORKFLOW, StandardCharsets.UTF_8);
        assertTrue(doc.contains("```yaml\n" + workflow + "```\n"), "docs/ci.md must show " + WORKFLOW + " verbatim in a ```yaml block");
        assertTrue(doc.contains("**Neither has been run on Windows yet.**"), "the page says plainly that it has not run");
        int list = doc.indexOf("### The acceptance list of the first real run");
        assertTrue(list > 0, "acceptance list");
        String acceptance = doc.substring(list, doc.indexOf("\n## ", list));
        for (String item : List.of("**The SDK table with its origins**", "**The pinned toolset**", "**The scrubbed variables**",
                "**48 of 48 exports**", "**`amdhip64_7.dll` bound from the SDK, not System32**", "**gfx1151 and gfx1100 device code**",
                "**The Windows-only ITs passed**")) {
            assertTrue(acceptance.contains("- [ ] " + item), "acceptance item " + item);
        }
        for (Map<String, Object> s : steps()) {
            assertTrue(doc.contains("| `" + s.get("id") + "` |") || List.of("checkout").contains(s.get("id")),
                    "docs/ci.md's step table describes step " + s.get("id"));
        }
    }
}
