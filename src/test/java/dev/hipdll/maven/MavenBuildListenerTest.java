package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hipdll.diagnosis.CompilerDiagnostic;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;

/**
 * On GitHub Actions a header's warning, compiled once per gfx target and once for the host, is one
 * annotation on the pull request, not three (a newcomer's test saw three
 * {@code ::warning file=src/main/hip/cuda_chain.cu,line=2,...} lines); another line, another file or
 * another severity is another annotation. Without GitHub Actions no workflow command is printed.
 */
class MavenBuildListenerTest {
    private static CompilerDiagnostic parse(String line) {
        return CompilerDiagnostic.parse(line).orElseThrow();
    }

    private static List<String> commands(Optional<Path> workspace, List<String> lines, List<String> subjects) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        MavenBuildListener l = new MavenBuildListener(new SystemStreamLog(), workspace, out);
        Path project = Path.of("/work/p");
        for (String line : lines) {
            for (String subject : subjects) {
                l.diagnostic(subject, parse(line), project);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void theSameWarningFromEveryTargetIsOneAnnotation() {
        List<String> got = commands(Optional.of(Path.of("/work/p")),
                List.of("src/main/hip/cuda_chain.cu:2:2: warning: #warning checked [-W#warnings]"),
                List.of("cuda_chain.cu [gfx1151]", "cuda_chain.cu [gfx1100]", "cuda_chain.cu (host)"));
        assertEquals(1, got.size(), got.toString());
        assertEquals(true, got.get(0).startsWith("::warning file=src/main/hip/cuda_chain.cu,line=2,col=2,title="), got.get(0));
    }

    @Test
    void anotherPlaceOrSeverityIsAnotherAnnotation() {
        List<String> got = commands(Optional.of(Path.of("/work/p")), List.of(
                "src/main/hip/cuda_chain.cu:2:2: warning: #warning checked [-W#warnings]",
                "src/main/hip/cuda_chain.cu:3:2: warning: #warning checked [-W#warnings]",
                "src/main/hip/backend_cuda.cu:2:2: warning: #warning checked [-W#warnings]",
                "src/main/hip/cuda_chain.cu:2:2: error: #warning checked"), List.of("a [gfx1151]", "a [gfx1100]"));
        assertEquals(4, got.size(), got.toString());
    }

    @Test
    void noWorkflowCommandOutsideGithubActions() {
        assertEquals(List.of(), commands(Optional.empty(),
                List.of("src/main/hip/cuda_chain.cu:2:2: warning: x"), List.of("a [gfx1151]")));
    }
}
