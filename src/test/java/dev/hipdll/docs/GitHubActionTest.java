package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The GitHub Action (action.yml, composite) and its run step's script (scripts/ci/action-verify) agree: every input
 * reaches a step (the verify step's environment, read by the script, or another step's {@code if}/{@code with}); the
 * script reads no {@code HIPDLL_*} input variable the action does not set (but its test hooks); every {@code uses} is
 * pinned by major version ({@code owner/repo@vN}, as the project's workflows); no input is spliced into a
 * {@code run} (injection); the default version is the POM's release version; the CMake example
 * (docs/ci/gate-cmake-release.yml) uses this repository's action at that version with the permission code scanning
 * needs, and docs/gate-from-any-ci.md shows its gate job as it is. GitHub's schema: ValidateWorkflowsTest. The script itself, run as the action runs it: the IT
 * src/it/action-verify-script.
 */
class GitHubActionTest {
    private static final Pattern PINNED = Pattern.compile("[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+(/[A-Za-z0-9_./-]+)?@v\\d+");
    private static final Pattern INPUT = Pattern.compile("\\$\\{\\{\\s*inputs\\.([a-z-]+)\\s*}}");
    /** Variables the script reads that the action deliberately leaves unset: its cache and repository (tests). */
    private static final List<String> SCRIPT_ONLY = List.of("HIPDLL_CACHE_DIR", "HIPDLL_REPOSITORY", "HIPDLL_AOT_DIR");

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o, String what) {
        return (Map<String, Object>) assertInstanceOf(Map.class, o, what + " is a mapping");
    }

    private static Map<String, Object> load(String file) throws Exception {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        return map(new Yaml(new SafeConstructor(options)).load(Files.readString(Path.of(file), StandardCharsets.UTF_8)),
                file);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> steps() throws Exception {
        Map<String, Object> runs = map(load("action.yml").get("runs"), "runs");
        assertEquals("composite", runs.get("using"));
        return (List<Map<String, Object>>) assertInstanceOf(List.class, runs.get("steps"), "steps");
    }

    private static Map<String, Object> verifyStep() throws Exception {
        for (Map<String, Object> s : steps()) {
            if ("verify".equals(s.get("id"))) {
                return s;
            }
        }
        throw new AssertionError("action.yml has no step with id verify");
    }

    private static String script() throws Exception {
        return Files.readString(Path.of("scripts/ci/action-verify"), StandardCharsets.UTF_8);
    }

    @Test
    void everyInputReachesTheScriptOrAStep() throws Exception {
        Map<String, Object> inputs = map(load("action.yml").get("inputs"), "inputs");
        Map<String, Object> env = map(verifyStep().get("env"), "the verify step's env");
        String script = script();
        List<String> unused = new ArrayList<>();
        for (String input : inputs.keySet()) {
            boolean used = false;
            for (Map.Entry<String, Object> e : env.entrySet()) {
                Matcher m = INPUT.matcher(String.valueOf(e.getValue()));
                if (m.matches() && m.group(1).equals(input)) {
                    assertTrue(script.contains("${" + e.getKey()), "the script does not read " + e.getKey() + " (input " + input + ")");
                    used = true;
                }
            }
            for (Map<String, Object> s : steps()) {
                if (s != verifyStep() && (String.valueOf(s.get("if")).contains("inputs." + input)
                        || String.valueOf(s.get("with")).contains("inputs." + input))) {
                    used = true;
                }
            }
            if (!used) {
                unused.add(input);
            }
        }
        assertEquals(List.of(), unused, "inputs no step uses");
        Matcher read = Pattern.compile("\\$\\{(HIPDLL_[A-Z_]+)").matcher(script);
        while (read.find()) {
            assertTrue(env.containsKey(read.group(1)) || SCRIPT_ONLY.contains(read.group(1)),
                    "the script reads " + read.group(1) + ", which the action does not set");
        }
        assertTrue(String.valueOf(verifyStep().get("run")).contains("$GITHUB_ACTION_PATH/scripts/ci/action-verify"),
                "the run step calls the script");
    }

    @Test
    void everyUsesIsPinnedByMajorVersionAndNoInputIsSplicedIntoARun() throws Exception {
        List<String> uses = new ArrayList<>();
        for (Map<String, Object> s : steps()) {
            if (s.containsKey("uses")) {
                String u = String.valueOf(s.get("uses"));
                uses.add(u);
                assertTrue(PINNED.matcher(u).matches(), "not pinned by major version: " + u);
            }
            if (s.containsKey("run")) {
                assertFalse(String.valueOf(s.get("run")).contains("${{"), "an expression in a run script: " + s.get("run"));
            }
        }
        assertTrue(uses.contains("actions/setup-java@v4") && uses.contains("actions/cache@v4")
                && uses.contains("github/codeql-action/upload-sarif@v3") && uses.contains("actions/upload-artifact@v4"), uses::toString);
    }

    @Test
    void theDefaultVersionIsThePomsReleaseAndTheExampleUsesIt() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"), StandardCharsets.UTF_8);
        int a = pom.indexOf("<version>") + "<version>".length();
        String release = pom.substring(a, pom.indexOf("</version>", a)).replace("-SNAPSHOT", "");
        Map<String, Object> version = map(map(load("action.yml").get("inputs"), "inputs").get("version"), "version");
        assertEquals(release, version.get("default"), "action.yml's default version (docs/releasing.md)");

        Matcher scm = Pattern.compile("<url>https://github.com/([^<]+?)(\\.git)?</url>").matcher(pom);
        assertTrue(scm.find(), "the POM's GitHub url");
        String example = Files.readString(Path.of("docs/ci/gate-cmake-release.yml"), StandardCharsets.UTF_8);
        assertTrue(example.contains("uses: " + scm.group(1) + "@v" + release), "the example uses " + scm.group(1) + "@v" + release);
        Map<String, Object> gate = map(map(load("docs/ci/gate-cmake-release.yml").get("jobs"), "jobs").get("gate"), "gate");
        assertEquals("write", map(gate.get("permissions"), "permissions").get("security-events"), "code scanning upload");

        // docs/gate-from-any-ci.md shows the gate job as the file has it (the job's own comment lines aside)
        StringBuilder job = new StringBuilder();
        boolean in = false;
        for (String line : example.split("\n")) {
            if (line.startsWith("  ") && !line.startsWith("   ")) {
                in = line.equals("  gate:");
            }
            if (in && !line.startsWith("    # ")) {
                job.append(line).append('\n');
            }
        }
        String page = Files.readString(Path.of("docs/gate-from-any-ci.md"), StandardCharsets.UTF_8);
        assertTrue(page.contains(job.toString().strip()), "docs/gate-from-any-ci.md shows the gate job:\n" + job);
    }
}
