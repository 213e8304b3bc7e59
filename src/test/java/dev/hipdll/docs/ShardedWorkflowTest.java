package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The users' sharded recipe (docs/ci/hipdll-sharded.yml) cannot run here (no Windows runner), so what it
 * runs is checked against the plugin: the shard jobs of the matrix cover exactly the DLL's targets, each runs a
 * shard build of its group and uploads the shard directory; the merge job needs them, downloads every shard, and
 * builds with them all required and verifies every target; every {@code -Dhip.*} property it passes is one of
 * hipdll:build's or hipdll:verify's (docs/goals-reference.md, generated from the mojos). GitHub's schema is checked
 * by scripts/validate-workflows (ValidateWorkflowsTest).
 */
class ShardedWorkflowTest {
    private static final Path WORKFLOW = Path.of("docs/ci/hipdll-sharded.yml");
    private static final Pattern PROPERTY = Pattern.compile("-D(hip\\.[A-Za-z.]+)=");

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o, String what) {
        return (Map<String, Object>) assertInstanceOf(Map.class, o, what + " is a mapping");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> workflow() throws Exception {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        return (Map<String, Object>) new Yaml(new SafeConstructor(options)).load(Files.readString(WORKFLOW,
                StandardCharsets.UTF_8));
    }

    private static Map<String, Object> job(String name) throws Exception {
        return map(map(workflow().get("jobs"), "jobs").get(name), "job " + name);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> steps(String job) throws Exception {
        return (List<Map<String, Object>>) assertInstanceOf(List.class, job(job).get("steps"), "steps of " + job);
    }

    private static Map<String, Object> step(String job, String predicate) throws Exception {
        return steps(job).stream().filter(s -> String.valueOf(s.get("uses")).startsWith(predicate)
                || predicate.equals(s.get("id"))).findFirst()
                .orElseThrow(() -> new AssertionError("no step " + predicate + " in job " + job));
    }

    /** Goal name to its user properties, from the generated goals reference. */
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
        return goals;
    }

    @Test
    void theShardJobsCoverExactlyTheDllsTargetsAndUploadTheirShards() throws Exception {
        Map<String, Object> matrix = map(map(job("shard").get("strategy"), "strategy").get("matrix"), "matrix");
        List<?> groups = assertInstanceOf(List.class, matrix.get("targets"), "matrix.targets");
        assertTrue(groups.size() >= 2, "more than one shard: " + groups);
        List<String> covered = new ArrayList<>();
        for (Object g : groups) {
            covered.addAll(List.of(String.valueOf(g).split(",")));
        }
        List<String> all = List.of(String.valueOf(map(workflow().get("env"), "env").get("HIP_ARCH")).split(","));
        assertEquals(new TreeSet<>(all), new TreeSet<>(covered), "the shards cover HIP_ARCH");
        assertEquals(all.size(), covered.size(), "no target in two shards: " + covered);
        String run = String.valueOf(step("shard", "shard").get("run"));
        assertTrue(run.startsWith("mvn ") && run.contains(" package ") && run.contains("-Dhip.shard=device")
                && run.contains("\"-Dhip.arch=${{ matrix.targets }}\""), run);
        Map<String, Object> upload = map(step("shard", "actions/upload-artifact@").get("with"), "upload");
        assertEquals("target/hipdll/shard/", upload.get("path"), "the shard directory a shard build writes");
        assertEquals("shard-${{ strategy.job-index }}", upload.get("name"));
    }

    @Test
    void theMergeJobTakesEveryShardRequiresThemAndVerifiesEveryTarget() throws Exception {
        assertEquals("shard", job("merge").get("needs"));
        Map<String, Object> download = map(step("merge", "actions/download-artifact@").get("with"), "download");
        assertEquals("shard-*", download.get("pattern"), "matches the shard jobs' artifact names");
        String run = String.valueOf(step("merge", "merge").get("run"));
        assertTrue(run.contains("Get-ChildItem " + download.get("path") + " -Recurse -Filter shard.json"), run);
        assertTrue(run.contains("mvn -B -ntp verify ") && run.contains("\"-Dhip.shards=$dirs\"")
                && run.contains("-Dhip.shards.require=true") && run.contains("\"-Dhip.arch=$env:HIP_ARCH\"")
                && run.contains("\"-Dhip.gpus=$env:HIP_ARCH\""), run);
        Map<String, Object> keep = map(step("merge", "actions/upload-artifact@").get("with"), "keep");
        assertTrue(String.valueOf(keep.get("path")).contains("target/hipdll/coli_hip.dll"), String.valueOf(keep));
    }

    @Test
    void everyPropertyItPassesIsAPropertyOfTheGoalsItRuns() throws Exception {
        Map<String, Set<String>> goals = goalProperties();
        Set<String> known = new TreeSet<>(goals.get("build"));
        known.addAll(goals.get("verify"));
        List<String> passed = new ArrayList<>();
        for (String job : List.of("shard", "merge")) {
            for (Map<String, Object> s : steps(job)) {
                Matcher m = PROPERTY.matcher(String.valueOf(s.get("run")));
                while (m.find()) {
                    passed.add(m.group(1));
                    assertTrue(known.contains(m.group(1)), job + ": -D" + m.group(1) + " is no property of hipdll:build"
                            + " or hipdll:verify (docs/goals-reference.md)");
                }
            }
        }
        assertTrue(passed.containsAll(List.of("hip.shard", "hip.shards", "hip.shards.require", "hip.arch", "hip.gpus")),
                passed.toString());
    }
}
