package dev.hipdll.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Where verify and load-check put their reports: never beside the DLL. */
class ProjectlessReportDirectoryTest {
    @Test
    void withoutAProjectTheCurrentDirectorysTargetHipdll() {
        assertEquals(Path.of("/work/here/target/hipdll"), ProjectlessPaths.reportDirectory(null, null, Path.of("/work/here")));
    }

    @Test
    void theParameterAndTheProjectComeFirst() {
        assertEquals(Path.of("/r"), ProjectlessPaths.reportDirectory(new File("/r"), "/p/target", Path.of("/c")));
        assertEquals(Path.of("/p/target/hipdll"), ProjectlessPaths.reportDirectory(null, "/p/target", Path.of("/c")));
    }

    /**
     * Every place in docs/*.md that states {@code hip.reportDirectory}'s default says what
     * {@link ProjectlessPaths#reportDirectory} does without a project, {@code target/hipdll} under the current
     * directory (docs/load-check-and-doctor.md said "default target/hipdll in a project, else
     * beside the DLL", docs/goals.md "else target/hipdll under the current directory"). In a paragraph or table
     * row that names the property, what follows "in a project" up to the next ")" must name the current directory.
     */
    @Test
    void theDocsStateTheProjectlessDefaultAsTheCodeHasIt() throws Exception {
        assertEquals(Path.of("/cwd").resolve("target").resolve("hipdll"), ProjectlessPaths.reportDirectory(null, null,
                Path.of("/cwd")));
        List<String> problems = new ArrayList<>();
        int defaults = 0;
        Pattern otherwise = Pattern.compile("in a project([^)]*)");
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            for (Path doc : docs.filter(d -> d.toString().endsWith(".md")).sorted().toList()) {
                for (String unit : units(Files.readString(doc))) {
                    String flat = unit.replaceAll("\\s+", " ");
                    Matcher m = otherwise.matcher(flat);
                    if (!flat.contains("reportDirectory") || !m.find()) {
                        continue;
                    }
                    defaults++;
                    if (!m.group(1).matches(".*target/hipdll/?`? under the current directory.*")) {
                        problems.add(doc + ": without a project, not target/hipdll under the current directory: '"
                                + m.group() + "' in: " + flat);
                    }
                }
            }
        }
        assertTrue(defaults >= 4, "found only " + defaults + " statements of the default");
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** Paragraphs (blank-line separated), a table row each. */
    private static List<String> units(String markdown) {
        List<String> out = new ArrayList<>();
        for (String paragraph : markdown.split("\n\\s*\n")) {
            if (paragraph.strip().startsWith("|")) {
                out.addAll(List.of(paragraph.split("\n")));
            } else {
                out.add(paragraph);
            }
        }
        return out;
    }

    /** Doctor outside a project writes no doctor.json (no target/ in the current directory). */
    @Test
    void doctorOutsideAProjectWritesNoReportUnlessToldWhere() {
        org.apache.maven.execution.DefaultMavenExecutionRequest request =
                new org.apache.maven.execution.DefaultMavenExecutionRequest();
        request.setProjectPresent(false);
        org.apache.maven.execution.MavenSession session = new org.apache.maven.execution.MavenSession(null, null,
                request, new org.apache.maven.execution.DefaultMavenExecutionResult());
        File stub = new File("/somewhere/target/hipdll/doctor.json");
        assertTrue(ProjectlessPaths.doctorOutput(stub, session).isEmpty());
        session.getUserProperties().setProperty("hip.doctor.output", "/tmp/d.json");
        assertEquals(java.util.Optional.of(stub), ProjectlessPaths.doctorOutput(stub, session));
        request.setProjectPresent(true);
        session.getUserProperties().remove("hip.doctor.output");
        assertEquals(java.util.Optional.of(stub), ProjectlessPaths.doctorOutput(stub, session), "in a project");
    }
}
