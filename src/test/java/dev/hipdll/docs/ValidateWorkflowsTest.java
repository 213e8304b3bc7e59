package dev.hipdll.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Toolchain;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * scripts/validate-workflows checks workflow files against GitHub's workflow schema with
 * {@code @action-validator/cli} (npm, installed into target/node-tools on first use), and the action
 * (action.yml) against GitHub's action metadata schema: this project's workflow files, the action and the users'
 * recipes pass, a workflow or an action with a misspelt step key fails naming the key, and README's test command
 * (scripts/test) runs it.
 */
class ValidateWorkflowsTest {
    @Test
    void bothWorkflowFilesAreValidAndABrokenOneIsRejected() throws Exception {
        Toolchain.require("node", "npm");
        Exec.Result ok = Exec.run(Path.of("."), List.of("scripts/validate-workflows"));
        assertEquals(0, ok.exit(), ok.output());
        assertTrue(ok.output().contains("valid workflow: .github/workflows/windows-hip.yml"), ok.output());
        assertTrue(ok.output().contains("valid workflow: docs/ci/hipdll.yml"), ok.output());
        assertTrue(ok.output().contains("valid workflow: docs/ci/hipdll-sharded.yml"), ok.output());
        assertTrue(ok.output().contains("valid action: action.yml"), ok.output());
        assertTrue(ok.output().contains("valid workflow: docs/ci/gate-cmake-release.yml"), ok.output());

        Path bad = Files.createTempFile("broken-workflow", ".yml");
        Files.writeString(bad, "name: broken\non: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n"
                + "      - name: misspelt\n        runz: echo hi\n", StandardCharsets.UTF_8);
        Exec.Result rejected = Exec.run(Path.of("."), List.of("scripts/validate-workflows", bad.toString()));
        assertEquals(1, rejected.exit(), rejected.output());
        assertTrue(rejected.output().contains("Additional property 'runz' is not allowed"), rejected.output());
        assertTrue(rejected.output().contains("INVALID workflow: " + bad), rejected.output());

        Path badAction = Files.createTempDirectory("broken-action").resolve("action.yml");
        Files.writeString(badAction, "name: broken\ndescription: a composite action with a misspelt key\nruns:\n"
                + "  using: composite\n  steps:\n    - runz: echo hi\n      shell: bash\n", StandardCharsets.UTF_8);
        Exec.Result badActionRun = Exec.run(Path.of("."), List.of("scripts/validate-workflows", badAction.toString()));
        assertEquals(1, badActionRun.exit(), badActionRun.output());
        assertTrue(badActionRun.output().contains("\"actionType\": \"action\""), "read as an action: " + badActionRun.output());
        assertTrue(badActionRun.output().contains("Additional property 'runz' is not allowed"), badActionRun.output());
        assertTrue(badActionRun.output().contains("INVALID action: " + badAction), badActionRun.output());
    }

    @Test
    void readmesTestCommandRunsTheValidator() throws Exception {
        String test = Files.readString(Path.of("scripts/test"), StandardCharsets.UTF_8);
        int validate = test.indexOf("\"$project/scripts/validate-workflows\"");
        assertTrue(validate > 0 && validate < test.indexOf("mvnw\" -B -ntp verify"), "scripts/test validates before Maven:\n" + test);
    }
}
