package dev.hipdll.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code llvm-readobj-19 --file-headers --sections --coff-load-config --coff-debug-directory} says about a PE
 * file's mitigations, parsed from its text output: the reference {@link dev.hipdll.pe.SecurityFeatures} is compared with.
 *
 * @param fileCharacteristics the COFF header's Characteristics
 * @param dllCharacteristics  the optional header's (DLL) Characteristics
 * @param relocationSize      BaseRelocationTableSize
 * @param loadConfigPresent   whether a LoadConfig block was printed
 * @param guardCfCheckFunction GuardCFCheckFunction, 0 when not printed
 * @param guardCfFunctionTable GuardCFFunctionTable, 0 when not printed
 * @param guardCfFunctionCount GuardCFFunctionCount, 0 when not printed
 * @param guardFlags           GuardFlags, 0 when not printed
 * @param exCharacteristics    the ExtendedCharacteristics of a debug entry, when printed
 * @param writableExecutable   names of sections whose Characteristics have both MEM_WRITE and MEM_EXECUTE
 */
public record ReadobjHardening(int fileCharacteristics, int dllCharacteristics, long relocationSize,
                               boolean loadConfigPresent, long guardCfCheckFunction, long guardCfFunctionTable,
                               long guardCfFunctionCount, long guardFlags, OptionalLong exCharacteristics,
                               List<String> writableExecutable) {
    private static final Pattern FLAGS = Pattern.compile("(?:Characteristics|GuardFlags) \\[ \\(0x([0-9A-Fa-f]+)\\)");
    private static final Pattern KV = Pattern.compile("^\\s*([A-Za-z]+): (\\S+)");

    /** Runs llvm-readobj-19 on {@code file} and parses it. */
    public static ReadobjHardening of(Path file) {
        String out = Exec.ok(file.getParent(), List.of(Toolchain.tool("llvm-readobj-19").toString(), "--file-headers",
                "--sections", "--coff-load-config", "--coff-debug-directory", file.toString()));
        return parse(out);
    }

    static ReadobjHardening parse(String out) {
        String block = "";
        int fileChars = 0;
        int dllChars = 0;
        long relocs = 0;
        boolean lc = false;
        long check = 0;
        long table = 0;
        long count = 0;
        long flags = 0;
        OptionalLong ex = OptionalLong.empty();
        List<String> wx = new ArrayList<>();
        String section = null;
        for (String line : out.split("\n")) {
            if (!line.isEmpty() && !Character.isWhitespace(line.charAt(0))) {
                block = line.strip();
                lc |= block.startsWith("LoadConfig [");
            }
            Matcher f = FLAGS.matcher(line);
            String t = line.strip();
            if (block.startsWith("ImageFileHeader") && line.startsWith("  Characteristics [") && f.find()) {
                fileChars = Integer.parseInt(f.group(1), 16);
            } else if (block.startsWith("ImageOptionalHeader") && line.startsWith("  Characteristics [") && f.find()) {
                dllChars = Integer.parseInt(f.group(1), 16);
            } else if (block.startsWith("Sections") && t.startsWith("Name: ")) {
                section = t.substring(6).replaceFirst(" \\(.*$", "");
            } else if (block.startsWith("Sections") && t.startsWith("Characteristics [") && f.find()) {
                long v = Long.parseLong(f.group(1), 16);
                if ((v & 0x80000000L) != 0 && (v & 0x20000000L) != 0) {
                    wx.add(section);
                }
            } else if (block.startsWith("DebugDirectory") && t.startsWith("ExtendedCharacteristics [") && f.find()) {
                ex = OptionalLong.of(Long.parseLong(f.group(1), 16));
            } else if (block.startsWith("LoadConfig") && t.startsWith("GuardFlags [") && f.find()) {
                flags = Long.parseLong(f.group(1), 16);
            } else {
                Matcher kv = KV.matcher(line);
                if (kv.find()) {
                    String k = kv.group(1);
                    String v = kv.group(2);
                    if (block.startsWith("ImageOptionalHeader") && k.equals("BaseRelocationTableSize")) {
                        relocs = Long.decode(v);
                    } else if (block.startsWith("LoadConfig") && k.equals("GuardCFCheckFunction")) {
                        check = Long.decode(v);
                    } else if (block.startsWith("LoadConfig") && k.equals("GuardCFFunctionTable")) {
                        table = Long.decode(v);
                    } else if (block.startsWith("LoadConfig") && k.equals("GuardCFFunctionCount")) {
                        count = Long.decode(v);
                    }
                }
            }
        }
        return new ReadobjHardening(fileChars, dllChars, relocs, lc, check, table, count, flags, ex, wx);
    }
}
