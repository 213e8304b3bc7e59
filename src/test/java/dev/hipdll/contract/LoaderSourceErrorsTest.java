package dev.hipdll.contract;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A loader source that is no contract gives one message naming the file, the line and column
 * (from 1) and what was expected; never a stack trace, a wrong contract or a hang.
 */
class LoaderSourceErrorsTest {
    private static final LoaderSourceParser PARSER = new LoaderSourceParser("coli_cuda_");

    @TempDir
    Path dir;

    private static String error(String text) {
        return assertThrows(ContractException.class, () -> PARSER.parse("l.c", text)).getMessage();
    }

    private String error(Path f) {
        return assertThrows(ContractException.class, () -> PARSER.parse(f)).getMessage();
    }

    @Test
    void emptyFile() throws Exception {
        Path f = Files.createFile(dir.resolve("backend_loader.c"));
        assertEquals(f + ": the file is empty; expected a C source such as backend_loader.c with RESOLVE(name, type) lines",
                error(f));
    }

    /** A directory named as the contract said "cannot read Is a directory" (no path); a named pipe hung the build. */
    @Test
    void aDirectoryOrANamedPipeIsRefusedBeforeReading() throws Exception {
        Path d = Files.createDirectories(dir.resolve("host"));
        assertEquals(d + ": is a directory; expected a C source such as backend_loader.c", error(d));
        Path fifo = dir.resolve("loader.fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        String m = assertTimeoutPreemptively(java.time.Duration.ofMinutes(5), () -> error(fifo));
        assertEquals(fifo + ": is not a regular file (a named pipe, socket or device); expected a C source such as"
                + " backend_loader.c", m);
    }

    @Test
    void noResolveUseNamesTheFile() throws Exception {
        Path f = Files.writeString(dir.resolve("main.c"), "int main(void) { return 0; }\n");
        assertEquals(f + ": no RESOLVE(name, type) or RESOLVE_OPT(name, type) outside comments, string literals and"
                + " skipped #if groups; expected a host loader source such as backend_loader.c", error(f));
        assertTrue(error("#if 0\nRESOLVE(a, f);\nRESOLVE_OPT(b, f);\n#endif\n// RESOLVE(c, f);\n")
                .contains("groups (2 in skipped groups); expected"));
        assertTrue(error("  \n\t\r\n").startsWith("l.c: no RESOLVE("));
    }

    /** Found by a newcomer: the RESOLVE lines in an included file, or an X-macro list, gave only "no RESOLVE". */
    @Test
    void anIncludedListOrAnXMacroListIsNamedAsNotRead() {
        String included = error("#include <windows.h>\n#define RESOLVE(n, t) x\n#include \"resolve_list.inc\"\n");
        assertTrue(included.contains(". Not read: #include <windows.h> at 1:1 is not followed; #include"
                + " \"resolve_list.inc\" at 3:1 is not followed. Name the file that holds the RESOLVE lines with"
                + " hip.contract, or list the exports with hip.exportsFile"), included);

        String xmacro = error("#define RESOLVE(n, t) p_##n = (t)GetProcAddress(h, \"coli_cuda_\" #n)\n"
                + "#define COLI_REQUIRED(X) X(init, init_fn) X(shutdown, shutdown_fn)\n"
                + "#define REQ(n, t) RESOLVE(n, t);\n"
                + "void load(void) { COLI_REQUIRED(REQ) }\n");
        assertEquals("l.c:4:33: the loader passes RESOLVE through a macro at line 4 (REQ is not followed by its"
                + " arguments (passed to a macro, as EACH(REQ) or CALL(REQ, name, type) do, it is invoked there)): cannot"
                + " decide; give the SDK (-Dhip.sdkRoot) or an explicit list (hip.exports)", xmacro);
        // an #include inside a skipped group is not mentioned
        assertTrue(!error("#if 0\n#include \"x.inc\"\n#endif\nint x;\n").contains("Not read"));
    }

    @Test
    void binaryGarbage() throws Exception {
        byte[] garbage = new byte[65536];
        new Random(4).nextBytes(garbage);
        Path f = Files.write(dir.resolve("garbage.c"), garbage);
        String m = error(f);
        assertTrue(m.matches(java.util.regex.Pattern.quote(f.toString())
                + ":\\d+:\\d+: control character 0x[0-9A-F]{2}; expected a C source such as backend_loader.c"
                + " \\(UTF-8 text; is this a binary or UTF-16 file\\?\\)"), m);
        Path utf16 = Files.writeString(dir.resolve("utf16.c"), "\uFEFFRESOLVE(init, f);\r\n", StandardCharsets.UTF_16LE);
        assertEquals(utf16 + ": starts with the UTF-16 byte order mark FF FE; expected a C source such as backend_loader.c"
                + " as UTF-8 text (save it as UTF-8)", error(utf16));
        Path noMark = Files.writeString(dir.resolve("utf16-no-mark.c"), "RESOLVE(init, f);\r\n", StandardCharsets.UTF_16LE);
        assertTrue(error(noMark).startsWith(noMark + ":1:2: control character 0x00;"), error(noMark));
        Path dll = Files.write(dir.resolve("coli_hip.dll"), new byte[] {'M', 'Z', (byte) 0x90, 0, 3, 0});
        assertTrue(error(dll).startsWith(dll + ":1:4: control character 0x00;"), error(dll));
    }

    @Test
    void hugeFileIsRefusedBeforeReading() throws Exception {
        Path f = dir.resolve("huge.c");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(ContractFile.MAX_BYTES + 1L); // sparse: costs no disk
        }
        assertEquals(f + ": 8388609 bytes; expected a C source such as backend_loader.c of at most 8 MiB", error(f));
    }

    @Test
    void fileOfTheLargestSizeIsRead() throws Exception {
        StringBuilder s = new StringBuilder("RESOLVE(init, f);\n");
        String filler = "/* " + "x".repeat(1000) + " */ int v;\n";
        while (s.length() + filler.length() + 30 <= ContractFile.MAX_BYTES) {
            s.append(filler);
        }
        s.append("RESOLVE_OPT(last, f);\n");
        Path f = Files.writeString(dir.resolve("big.c"), s);
        AbiContract.NamedContract c = PARSER.parse(f);
        assertEquals(java.util.List.of("coli_cuda_init"), c.required());
        assertEquals(java.util.List.of("coli_cuda_last"), c.optional());
    }

    @Test
    void unterminatedCommentAndLiterals() {
        assertEquals("l.c:2:5: unterminated /* comment; expected */ before the end of the file",
                error("RESOLVE(init, f);\n    /* RESOLVE(x, f);\nRESOLVE(y, f);\n"));
        assertEquals("l.c:2:10: missing terminating \" character; expected the string literal to end on its line",
                error("RESOLVE(init, f);\n    puts(\"RESOLVE(x, f);\nRESOLVE(y, f);\n"));
        assertEquals("l.c:1:23: missing terminating ' character; expected the character constant to end on its line",
                error("RESOLVE(init, f); c = ';\n"));
    }

    @Test
    void unbalancedConditionals() {
        assertEquals("l.c:2:1: #endif without #if; expected a preceding #if, #ifdef or #ifndef",
                error("RESOLVE(init, f);\n#endif\n"));
        assertEquals("l.c:2:3: #if without #endif; expected #endif before the end of the file",
                error("RESOLVE(init, f);\n  #if 0\nRESOLVE(x, f);\n#if 1\n#endif\n"));
        assertEquals("l.c:5:1: #else after #else; expected #endif",
                error("#ifdef X\nRESOLVE(init, f);\n#else\nRESOLVE(x, f);\n#else\n#endif\n"));
        assertEquals("l.c:4:1: #elif after #else; expected #endif",
                error("#if 0\n#else\nRESOLVE(init, f);\n#elif 1\n#endif\n"));
        assertEquals("l.c:1:1: #else without #if; expected a preceding #if, #ifdef or #ifndef", error("#else\n"));
        String deep = "#ifdef X\n".repeat(ConditionalStack.MAX_DEPTH + 1);
        assertEquals("l.c:257:1: conditionals nested deeper than 256 levels; expected a loader source", error(deep));
    }

    @Test
    void invocationNotClosed() {
        assertEquals("l.c:2:3: RESOLVE( is not closed; expected ')' before the end of the file",
                error("RESOLVE(init, f);\n  RESOLVE(shutdown,\n   shutdown_fn;\n"));
        String longOne = "RESOLVE(init, " + "int ".repeat(LoaderScan.MAX_INVOCATION_TOKENS) + ");";
        assertEquals("l.c:1:1: RESOLVE( has more than 4096 tokens before its ')'; expected RESOLVE(name, type)",
                error(longOne));
    }

    @Test
    void firstArgumentMustBeAName() {
        String e = "( expects an entry point name (a C identifier) as its first argument, e.g. ";
        assertEquals("l.c:2:9: RESOLVE" + e + "RESOLVE(init, init_fn); found '\"init\"'", error("\nRESOLVE(\"init\", f);"));
        assertEquals("l.c:1:8: RESOLVE" + e + "RESOLVE(init, init_fn); found nothing", error("RESOLVE(, f);"));
        assertEquals("l.c:1:14: RESOLVE_OPT" + e + "RESOLVE_OPT(init, init_fn); found 'b->init'",
                error("RESOLVE_OPT(\tb->init, f);"));
        assertEquals("l.c:3:5: RESOLVE" + e + "RESOLVE(init, init_fn); found '42'", error("RESOLVE(a, f);\nRESOLVE(\n    42, f);"));
    }

    @Test
    void argumentCountMustMatchTheDefinition() {
        assertEquals("l.c:3:1: RESOLVE takes 2 argument(s) (RESOLVE(name, type) defined at 1:1); found 3",
                error("#define RESOLVE(name, type) x\nRESOLVE(a, f);\nRESOLVE(b, f, g);\n"));
        assertEquals("l.c:2:1: RESOLVE_OPT takes 2 argument(s) (RESOLVE_OPT(n, t) defined at 1:1); found 1",
                error("#define RESOLVE_OPT(n, t) x\nRESOLVE_OPT(a);\n"));
        // one definition per platform: the count must fit one of them
        assertEquals(java.util.List.of("coli_cuda_a", "coli_cuda_b"), assertDoesNotThrow(() -> PARSER.parse("l.c",
                "#ifdef _WIN32\n#define RESOLVE(n, t) x\n#else\n#define RESOLVE(n, t, lib) y\n#endif\n"
                        + "RESOLVE(a, f);\nRESOLVE(b, f, lib);\n")).required());
        assertEquals(java.util.List.of("coli_cuda_a"), assertDoesNotThrow(() -> PARSER.parse("l.c",
                "#define RESOLVE(n, ...) x\nRESOLVE(a, f, g, h);\n")).required());
    }

    @Test
    void namesSpelledBothWays() {
        assertEquals("l.c:2:9: RESOLVE(shutdown, ...) lacks the export prefix \"coli_cuda_\", but RESOLVE(coli_cuda_init, ...)"
                        + " at 1:1 carries it, and no RESOLVE definition in the file shows whether the macro prepends it;"
                        + " expected every name spelled the same way",
                error("RESOLVE(coli_cuda_init, f);\nRESOLVE(shutdown, f);\n"));
    }

    /** Wrappers this reader does not expand fail closed, naming the token and why. */
    @Test
    void wrapperMacrosThatCannotBeRead() {
        String tail = "): cannot decide; give the SDK (-Dhip.sdkRoot) or an explicit list (hip.exports)";
        assertEquals("l.c:1:12: the loader passes RESOLVE through a macro at line 1 (RESOLVE is used in the definition"
                + " of the macro X (at 1:1) without arguments; and 1 more" + tail, error("#define X (RESOLVE)\nX;\n"));
        assertEquals("l.c:1:22: the loader passes RESOLVE through a macro at line 1 (RESOLVE( in the definition of the"
                + " macro R (at 1:1) does not take one name (a parameter of R or an entry point name) as its first argument;"
                + " and 1 more" + tail, error("#define R(n) RESOLVE(coli_ ## n, f)\nR(init);\n"));
        assertEquals("l.c:2:14: the loader passes RESOLVE through a macro at line 2 (the definition of the macro B (at"
                + " 2:1) invokes A, itself a macro that reaches RESOLVE; and 1 more" + tail,
                error("#define A(n) RESOLVE(n, f)\n#define B(n) A(n)\nB(init);\n"));
        assertTrue(error("#define REQUIRED RESOLVE\n#define R(n) REQUIRED(n, f)\nR(init);\n")
                .startsWith("l.c:2:14: the loader passes RESOLVE through a macro at line 2 (the definition of the macro R"
                        + " (at 2:1) invokes REQUIRED, itself"));
        assertEquals("l.c:2:1: R takes 1 argument(s) (R(n) defined at 1:1); found 2",
                error("#define R(n) RESOLVE(n, f)\nR(init, g);\n"));
        assertEquals("l.c:1:14: the loader passes RESOLVE through a macro at line 1 (RESOLVE( in the definition of the"
                + " macro R (at 1:1) is not closed in the same definition; and 1 more" + tail,
                error("#define R(n) RESOLVE(n, f\nR(init);\n"));
    }

    @Test
    void resolvedTwice() {
        assertEquals("l.c:3:3: coli_cuda_a is resolved twice, first at 1:1; expected each entry point once",
                error("RESOLVE(a, f);\n#ifdef X\n  RESOLVE_OPT(a, f);\n#endif\n"));
        assertEquals("l.c:4:1: coli_cuda_a is resolved twice, first at 2:1; expected each entry point once",
                error("#ifdef X\nRESOLVE(a, f);\n#endif\nRESOLVE(a, f);\n"));
        // two sibling conditionals inside one branch can both be compiled
        assertEquals("l.c:6:1: coli_cuda_a is resolved twice, first at 3:1; expected each entry point once",
                error("#ifdef A\n#ifdef B\nRESOLVE(a, f);\n#endif\n#ifdef C\nRESOLVE(a, f);\n#endif\n#endif\n"));
    }
}
