package dev.hipdll.diagnosis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link WorkflowCommand}: GitHub's {@code ::error}/{@code ::warning} lines, paths relative to the workspace, escaping. */
class WorkflowCommandTest {
    private final WorkflowCommand gh = new WorkflowCommand(Path.of("/ws/repo"), Path.of("/ws/repo/backend"));

    @Test
    void errorWithFileLineAndColumnRelativeToTheWorkspace() {
        CompilerDiagnostic d = CompilerDiagnostic.parse("src/main/hip/k.cu:74:2: error: \"broken\"").orElseThrow();
        assertEquals(Optional.of("::error file=backend/src/main/hip/k.cu,line=74,col=2,title=k.cu [gfx1100]::\"broken\""),
                gh.of(d, "k.cu [gfx1100]"));
    }

    @Test
    void warningOutsideTheWorkspaceKeepsItsAbsolutePath() {
        CompilerDiagnostic d = CompilerDiagnostic.parse("/opt/sdk/include/h.h:3: warning: 100% odd, really: yes")
                .orElseThrow();
        assertEquals(Optional.of("::warning file=/opt/sdk/include/h.h,line=3::100%25 odd, really: yes"), gh.of(d, null));
    }

    @Test
    void locationlessErrorNamesItsToolAndNotesGetNone() {
        CompilerDiagnostic d = CompilerDiagnostic.parse("lld-link: error: undefined symbol: f").orElseThrow();
        assertEquals(Optional.of("::error title=coli_hip.dll::lld-link: undefined symbol: f"), gh.of(d, "coli_hip.dll"));
        assertEquals(Optional.empty(), gh.of(CompilerDiagnostic.parse("k.cu:1:1: note: here").orElseThrow(), "x"));
    }

    @Test
    void propertyValuesEscapeCommasAndColons() {
        assertEquals("a%2Cb%3Ac%25d%0Ae", WorkflowCommand.property("a,b:c%d\ne"));
    }
}
