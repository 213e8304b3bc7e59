package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The GitHub Actions recipe (docs/ci/hipdll.yml) is valid YAML with the shape GitHub expects, does
 * what docs/ci.md says (by default a hosted windows-2022 job that installs the HIP SDK, a self-hosted
 * job as the alternative, toolset pinned, report published, standalone verify of the release on
 * Linux), and docs/ci.md shows exactly that file. GitHub's schema: ValidateWorkflowsTest.
 */
class CiRecipeTest {
    private static final Path RECIPE = Path.of("docs/ci/hipdll.yml");

    @SuppressWarnings("unchecked")
    private static Map<Object, Object> load() throws Exception {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        Object doc = new Yaml(new SafeConstructor(options)).load(Files.readString(RECIPE, StandardCharsets.UTF_8));
        return (Map<Object, Object>) assertInstanceOf(Map.class, doc, "the workflow is a mapping");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o, String what) {
        return (Map<String, Object>) assertInstanceOf(Map.class, o, what + " is a mapping");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> steps(Map<String, Object> job) {
        return (List<Map<String, Object>>) assertInstanceOf(List.class, job.get("steps"), "steps is a list");
    }

    private static String runs(Map<String, Object> job) {
        return steps(job).stream().map(s -> String.valueOf(s.getOrDefault("run", "")) + " " + s.getOrDefault("with", ""))
                .collect(Collectors.joining("\n"));
    }

    @Test
    void workflowShape() throws Exception {
        Map<Object, Object> wf = load();
        assertEquals("hipdll", wf.get("name"));
        // YAML 1.1 reads the key `on` as boolean true; GitHub reads it as "on". Either way it must be there.
        Object on = wf.containsKey("on") ? wf.get("on") : wf.get(Boolean.TRUE);
        assertTrue(map(on, "on").keySet().containsAll(List.of("push", "pull_request", "release")), String.valueOf(on));
        Map<String, Object> jobs = map(wf.get("jobs"), "jobs");
        assertEquals(List.of("build", "build-self-hosted", "release-verify"), List.copyOf(jobs.keySet()));
        for (Object job : jobs.values()) {
            Map<String, Object> j = map(job, "a job");
            assertTrue(j.containsKey("runs-on"), "every job has runs-on");
            for (Map<String, Object> step : steps(j)) {
                assertTrue(step.containsKey("uses") ^ step.containsKey("run"), "a step either uses an action or runs: " + step);
            }
        }
    }

    @Test
    void buildOnWindowsWithPinnedToolsetAndPublishedReport() throws Exception {
        Map<String, Object> jobs = map(load().get("jobs"), "jobs");
        for (String name : List.of("build", "build-self-hosted")) {
            Map<String, Object> build = map(jobs.get(name), name);
            assertTrue(String.valueOf(build.get("runs-on")).contains("windows"), name + " runs on Windows");
            String runs = runs(build);
            assertTrue(runs.contains("mvn -B -ntp verify"), runs);
            assertTrue(runs.contains("-Dhip.vcToolsVersion="), "toolset pinned: " + runs);
            assertTrue(runs.contains("TEST-hipdll-verify.xml"), "verify report published: " + runs);
        }
    }

    @Test
    void theDefaultJobInstallsTheSdkOnAHostedRunnerAndSelfHostedIsTheAlternative() throws Exception {
        Map<Object, Object> wf = load();
        Map<String, Object> jobs = map(wf.get("jobs"), "jobs");
        Map<String, Object> hosted = map(jobs.get("build"), "build");
        Map<String, Object> selfHosted = map(jobs.get("build-self-hosted"), "build-self-hosted");
        assertEquals("windows-2022", hosted.get("runs-on"), "the default job runs on GitHub's hosted image");
        assertEquals("vars.HIPDLL_RUNNER != 'self-hosted'", hosted.get("if"));
        assertEquals("vars.HIPDLL_RUNNER == 'self-hosted'", selfHosted.get("if"));
        assertEquals(List.of("self-hosted", "windows", "x64", "hip-sdk"), selfHosted.get("runs-on"));
        String version = String.valueOf(map(wf.get("env"), "env").get("HIPSDK_INSTALLER_VERSION"));
        assertTrue(version.matches("[0-9]{2}\\.Q[1-4]"), version);
        Map<String, Object> cache = steps(hosted).stream().filter(st -> "cache-hip-sdk".equals(st.get("id"))).findFirst().orElseThrow();
        assertTrue(String.valueOf(cache.get("with")).contains("key=hip-sdk-${{ env.HIPSDK_INSTALLER_VERSION }}"), "cache keyed by the installer version");
        String runs = runs(hosted);
        assertTrue(runs.contains("AMD-Software-PRO-Edition-$env:HIPSDK_INSTALLER_VERSION-Win11-For-HIP.exe"), runs);
        assertTrue(runs.contains("-ArgumentList '-install'") && runs.contains("WaitForExit(600000)"), "silent install with a timeout: " + runs);
        assertTrue(runs.contains("C:\\Program Files\\AMD\\ROCm\\*\\bin\\clang.exe") && runs.contains("HIP_SDK_ROOT="), runs);
        assertTrue(runs.contains("hipdll:doctor"), "the setup is checked before the build: " + runs);
    }

    @Test
    void bothBuildsUseTheRemoteBuildCacheFromASecretAndCcacheTheHostedOneCachingItsDirectory() throws Exception {
        Map<Object, Object> wf = load();
        Map<String, Object> env = map(wf.get("env"), "env");
        assertEquals("${{ secrets.HIPDLL_BUILD_CACHE_URL }}", env.get("HIPDLL_BUILD_CACHE_URL"), "the remote's URL from a secret");
        assertEquals("${{ github.event_name == 'push' && github.ref == 'refs/heads/main' }}", env.get("HIPDLL_BUILD_CACHE_SAVE"),
                "only pushes to main upload");
        Map<String, Object> jobs = map(wf.get("jobs"), "jobs");
        for (String name : List.of("build", "build-self-hosted")) {
            Map<String, Object> job = map(jobs.get(name), name);
            String runs = runs(job);
            assertTrue(runs.contains("\"-Dmaven.build.cache.remote.url=$env:HIPDLL_BUILD_CACHE_URL\"")
                    && runs.contains("\"-Dmaven.build.cache.remote.save.enabled=$env:HIPDLL_BUILD_CACHE_SAVE\""), name + ": " + runs);
            assertTrue(runs.contains("mvn -B -ntp verify") && runs.contains("-Dhip.compilerLauncher=ccache @cache"), name + ": " + runs);
            Map<String, Object> java = steps(job).stream().filter(st -> String.valueOf(st.get("uses")).startsWith("actions/setup-java"))
                    .map(st -> map(st.get("with"), "with")).findFirst().orElseThrow();
            assertEquals("hipdll-build-cache", java.get("server-id"), name + ": the credentials of the remote's server id");
            Map<String, Object> build = steps(job).stream().filter(st -> String.valueOf(st.get("run")).contains("mvn -B -ntp verify"))
                    .findFirst().orElseThrow();
            assertEquals("${{ secrets.HIPDLL_CACHE_PASSWORD }}", map(build.get("env"), "env").get("HIPDLL_CACHE_PASSWORD"));
        }
        Map<String, Object> hosted = map(jobs.get("build"), "build");
        Map<String, Object> ccache = steps(hosted).stream().filter(st -> "cache-ccache".equals(st.get("id"))).findFirst().orElseThrow();
        assertEquals("actions/cache@v4", ccache.get("uses"));
        Map<String, Object> with = map(ccache.get("with"), "with");
        assertEquals(".ccache", with.get("path"));
        assertEquals("ccache-${{ runner.os }}-${{ env.HIP_ARCH }}-${{ github.sha }}", with.get("key"));
        assertEquals("ccache-${{ runner.os }}-${{ env.HIP_ARCH }}-", with.get("restore-keys"));
        Map<String, Object> build = steps(hosted).stream().filter(st -> String.valueOf(st.get("run")).contains("mvn -B -ntp verify"))
                .findFirst().orElseThrow();
        assertEquals("${{ github.workspace }}\\.ccache", map(build.get("env"), "env").get("CCACHE_DIR"), "ccache's directory is the cached one");
        assertTrue(runs(hosted).contains("choco install ccache"), "the hosted job installs ccache");
        List<String> order = steps(hosted).stream().map(st -> String.valueOf(st.getOrDefault("id", st.getOrDefault("name", "")))).toList();
        assertTrue(order.indexOf("cache-ccache") < order.indexOf("Build and verify coli_hip.dll (toolset pinned, build cache, ccache)"),
                "ccache's directory is restored before the build: " + order);
    }

    @Test
    void releaseJobVerifiesTheDownloadedDllStandalone() throws Exception {
        Map<String, Object> release = map(map(load().get("jobs"), "jobs").get("release-verify"), "release-verify");
        assertEquals(List.of("build", "build-self-hosted"), release.get("needs"));
        assertTrue(String.valueOf(release.get("if")).contains("needs.build.result == 'success' || needs.build-self-hosted.result == 'success'"),
                "after whichever build ran: " + release.get("if"));
        String runs = runs(release);
        assertTrue(runs.contains("gh release download"), runs);
        assertTrue(runs.contains("dev.hipdll:hipdll-maven-plugin:") && runs.contains(":verify"), runs);
        assertTrue(runs.contains("-Dhip.dll=coli_hip.dll") && runs.contains("-Dhip.provenance=provenance.json"), runs);
    }

    @Test
    void docsShowTheFileVerbatim() throws Exception {
        String doc = Files.readString(Path.of("docs/ci.md"), StandardCharsets.UTF_8);
        String recipe = Files.readString(RECIPE, StandardCharsets.UTF_8);
        assertTrue(doc.contains("```yaml\n" + recipe + "```\n"), "docs/ci.md must show docs/ci/hipdll.yml verbatim in a ```yaml block");
    }
}
