package dev.hipdll.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Line ends, the per-line cut, and characters split across writes. */
class LineSplitterTest {
    private final List<String> lines = new ArrayList<>();
    private final LineSplitter splitter = new LineSplitter(StandardCharsets.UTF_8, 5,
            (kept, cut) -> lines.add(cut > 0 ? kept + "|" + cut : kept));

    private void feed(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        splitter.write(b, 0, b.length);
    }

    @Test
    void lineEndsAreLfCrAndCrLfAndEmptyLinesCount() {
        feed("a\nb\r\nc\rd\n\ne");
        splitter.finish();
        assertEquals(List.of("a", "b", "c", "d", "", "e"), lines);
    }

    @Test
    void aLongLineKeepsItsStartAndCountsTheRest() {
        feed("0123456789");
        feed("abc\nxy\n");
        splitter.finish();
        assertEquals(List.of("01234|8", "xy"), lines);
    }

    @Test
    void aMultiByteCharacterSplitAcrossTwoWritesIsDecodedWhole() {
        byte[] b = "äöü\n".getBytes(StandardCharsets.UTF_8);
        for (byte x : b) {
            splitter.write(new byte[] {x}, 0, 1);
        }
        splitter.finish();
        assertEquals(List.of("äöü"), lines);
    }

    @Test
    void cutCountsCharactersNotBytes() {
        feed("ääääääää\n"); // 8 characters, 16 bytes
        splitter.finish();
        assertEquals(List.of("äääää|3"), lines);
    }

    @Test
    void malformedInputBecomesReplacementCharacters() {
        splitter.write(new byte[] {'a', (byte) 0xff, 'b', '\n'}, 0, 4);
        splitter.finish();
        assertEquals(List.of("a\uFFFDb"), lines);
    }

    @Test
    void aCutNeverEndsInHalfASurrogatePair() {
        feed("abcd\uD83D\uDE00zz\n"); // the emoji straddles the 5-character limit
        splitter.finish();
        assertEquals(List.of("abcd|4"), lines);
    }

    @Test
    void noTrailingEmptyLineAfterAFinalLineBreak() {
        feed("one\n");
        splitter.finish();
        assertEquals(List.of("one"), lines);
    }
}
