package dev.hipdll.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arguments reach the child byte for byte through commons-exec (which can quote arguments and
 * substitute {@code ${name}} in them): spaces, quotes, {@code $HOME} and {@code ${HOME}}, {@code *},
 * backslashes, non-ASCII characters, an empty argument, and an executable whose own directory has a
 * space and a {@code ${...}} in its name.
 */
class ArgumentsVerbatimTest {
    @TempDir
    Path tmp;

    @Test
    void everyArgumentArrivesUnchanged() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("a b ${HOME} ü"));
        Path script = Files.writeString(dir.resolve("print args"), "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]\\n' \"$a\"; done\n");
        script.toFile().setExecutable(true);
        List<String> args = List.of("/check/work/main/a b.cu", "\"quoted\"", "it's", "$HOME", "${HOME}", "*", "C:\\x\\",
                "ünï", "", "-o", "@rsp", "two  spaces", " leading", "trailing ", " ");
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        ProcessResult r = new ProcessRunner(Duration.ofSeconds(30)).run(script, args, Map.of("PATH", "/usr/bin:/bin",
                "LANG", "C.UTF-8"), dir, lines::add);
        assertEquals(0, r.exitCode(), r.output().toString());
        assertEquals(args.stream().map(a -> "[" + a + "]").toList(), lines);
    }
}
