package dev.hipdll.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code llvm-readobj-19 --file-headers --sections --coff-imports --coff-exports
 * --coff-debug-directory} says about a PE file, parsed from its text output: the reference the PE
 * reader is compared with.
 *
 * @param machine     the Machine line's name, e.g. IMAGE_FILE_MACHINE_AMD64
 * @param magic       optional header magic
 * @param characteristics COFF characteristics
 * @param sections    section names with VirtualSize, VirtualAddress, RawDataSize, PointerToRawData, Characteristics
 * @param imports     "dll: sym1,sym2" per import (delay imports prefixed "delay ")
 * @param exports     "ordinal name rva" per export (name "-" when ordinal-only; forwarders "ordinal name -> fwd")
 * @param pdbPaths    PDB file names of CodeView debug entries
 * @param dataDirectories "Name rva=0x.. size=0x.." per optional header data directory
 */
public record ReadobjOracle(String machine, int magic, int characteristics, List<String> sections, List<String> imports,
                            List<String> exports, List<String> pdbPaths, List<String> dataDirectories) {

    private static final Pattern KV = Pattern.compile("^\\s*([A-Za-z]+):\\s*(.*)$");

    /** Runs llvm-readobj-19 on {@code file} and parses its output. */
    public static ReadobjOracle of(Path file) {
        String out = Exec.ok(file.getParent(), List.of(Toolchain.tool("llvm-readobj-19").toString(), "--file-headers",
                "--sections", "--coff-imports", "--coff-exports", "--coff-debug-directory", file.toString()));
        return parse(out);
    }

    static ReadobjOracle parse(String out) {
        String machine = null;
        int magic = 0;
        int chars = -1;
        List<String> sections = new ArrayList<>();
        List<String> imports = new ArrayList<>();
        List<String> exports = new ArrayList<>();
        List<String> pdbs = new ArrayList<>();
        List<String> dirs = new ArrayList<>();
        boolean inDirs = false;
        String dirRva = null;
        String[] lines = out.split("\n");
        String block = "";
        StringBuilder cur = null;
        String secName = null;
        long[] sec = new long[5];
        String expOrd = null;
        String expName = null;
        String expRva = null;
        String expFwd = null;
        List<String> syms = new ArrayList<>();
        String impName = null;
        for (String raw : lines) {
            String line = raw.stripTrailing();
            String t = line.strip();
            if (!line.isEmpty() && !Character.isWhitespace(line.charAt(0)) && (t.endsWith("{") || t.endsWith("["))
                    && !line.startsWith("Import {") && !line.startsWith("DelayImport {") && !line.startsWith("Export {")) {
                block = "";
            }
            if (line.startsWith("ImageFileHeader {")) {
                block = "file";
            } else if (line.startsWith("ImageOptionalHeader {")) {
                block = "opt";
            } else if (t.equals("Section {") && line.startsWith("  Section")) {
                block = "section";
                secName = null;
                sec = new long[5];
            } else if (line.startsWith("Import {") || line.startsWith("DelayImport {")) {
                block = line.startsWith("Delay") ? "delay" : "import";
                syms = new ArrayList<>();
                impName = null;
            } else if (line.startsWith("Export {")) {
                block = "export";
                expOrd = expName = expRva = expFwd = null;
            } else if (line.equals("}") || line.equals("  }")) {
                if (block.equals("import") || block.equals("delay")) {
                    if (line.equals("}")) {
                        imports.add((block.equals("delay") ? "delay " : "") + impName + ": " + String.join(",", syms));
                        block = "";
                    }
                } else if (block.equals("export") && line.equals("}")) {
                    exports.add(expOrd + " " + (expName == null ? "-" : expName)
                            + (expFwd != null ? " -> " + expFwd : " " + expRva));
                    block = "";
                } else if (block.equals("section") && line.equals("  }")) {
                    sections.add(String.format("%s vsize=0x%X va=0x%X rawsize=0x%X rawptr=0x%X chars=0x%X", secName,
                            sec[0], sec[1], sec[2], sec[3], sec[4]));
                    block = "";
                }
            }
            if (block.equals("opt") && t.equals("DataDirectory {")) {
                inDirs = true;
                continue;
            }
            if (inDirs) {
                if (t.equals("}")) {
                    inDirs = false;
                    continue;
                }
                Matcher d = KV.matcher(line);
                if (d.matches() && d.group(1).endsWith("RVA")) {
                    dirRva = d.group(2).strip();
                } else if (d.matches() && d.group(1).endsWith("Size")) {
                    String k = d.group(1);
                    dirs.add(String.format("%s rva=0x%X size=0x%X", k.substring(0, k.length() - 4), Long.decode(dirRva),
                            Long.decode(d.group(2).strip())));
                }
                continue;
            }
            Matcher m = KV.matcher(line);
            if (!m.matches()) {
                if (block.equals("section") && t.startsWith("Characteristics [")) {
                    sec[4] = hexIn(t);
                }
                if (block.equals("file") && t.startsWith("Characteristics [") && chars < 0) {
                    chars = (int) hexIn(t);
                }
                continue;
            }
            String k = m.group(1);
            String v = m.group(2).strip();
            switch (block) {
                case "file" -> {
                    if (k.equals("Machine")) {
                        machine = v.split(" ")[0];
                    }
                }
                case "opt" -> {
                    if (k.equals("Magic")) {
                        magic = Integer.decode(v);
                    }
                }
                case "section" -> {
                    switch (k) {
                        case "Name" -> secName = v.contains(" (") ? v.substring(0, v.indexOf(" (")) : v;
                        case "VirtualSize" -> sec[0] = Long.decode(v);
                        case "VirtualAddress" -> sec[1] = Long.decode(v);
                        case "RawDataSize" -> sec[2] = Long.decode(v);
                        case "PointerToRawData" -> sec[3] = Long.decode(v);
                        default -> { }
                    }
                }
                case "import", "delay" -> {
                    if (k.equals("Name") && impName == null) {
                        impName = v;
                    } else if (k.equals("Symbol")) {
                        // "name (hint)" or ": (ordinal)" style: keep the name or #ordinal
                        syms.add(v.matches("\\(\\d+\\)") ? "#" + v.substring(1, v.length() - 1)
                                : v.replaceAll("\\s*\\(\\d+\\)$", ""));
                    }
                }
                case "export" -> {
                    switch (k) {
                        case "Ordinal" -> expOrd = v;
                        case "Name" -> expName = v.isEmpty() ? null : v;
                        case "RVA" -> expRva = v;
                        case "ForwardedTo" -> expFwd = v;
                        default -> { }
                    }
                }
                default -> {
                    if (k.equals("PDBFileName")) {
                        pdbs.add(v);
                    }
                }
            }
        }
        return new ReadobjOracle(machine, magic, chars, sections, imports, exports, pdbs, dirs);
    }

    private static long hexIn(String t) {
        Matcher h = Pattern.compile("\\(0x([0-9A-Fa-f]+)\\)").matcher(t);
        return h.find() ? Long.parseLong(h.group(1), 16) : 0;
    }
}
