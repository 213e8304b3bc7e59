package dev.hipdll.bundle;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.bytes.ReadBudget;
import dev.hipdll.bytes.ReadLimits;
import dev.hipdll.testing.DeviceCodeSeeds;
import dev.hipdll.testing.ReaderFuzz;
import java.io.EOFException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ELF readers of device code objects under seeded mutants ({@link ReaderFuzz}): the gfx1100
 * code objects (AMDGPU ELF) clang-19 makes of the example backend with {@code -g -gz=zlib} and {@code -g -gz=zstd}
 * (compressed DWARF sections) and without debug information ({@link DeviceCodeSeeds}), mutated anywhere. Each mutant
 * is read as verify reads a code object: {@link CodeObjectReader} (the ELF header's facts), {@link ElfSections} (the
 * section table and names) and every compressed section inflated to its end ({@link CompressedSection}, under the
 * default read budget). Only {@link BinaryFormatException} may come out, and {@link EOFException}, which verify names
 * as a cut compressed section.
 */
@Tag("fuzz")
class ElfSectionsFuzzTest {
    @TempDir
    Path dir;

    @Test
    void mutantsOfCodeObjectsReadOrFailByName() throws Exception {
        List<ReaderFuzz.Seed> seeds = new ArrayList<>();
        for (String z : List.of("zlib", "zstd", "none")) {
            Path bundle = DeviceCodeSeeds.bundle(dir.resolve(z + "/dev.out"), z.equals("none") ? List.of() : List.of("-g", "-gz=" + z));
            byte[] co = Files.readAllBytes(DeviceCodeSeeds.codeObject(bundle, dir.resolve(z + "/co.elf")));
            seeds.add(ReaderFuzz.Seed.whole(z + ".elf", co, List.of(".debug_str", ".debug_line", ".text", "\u007fELF")));
        }
        ReaderFuzz.run("elfSections", 20261209L, seeds, ElfSectionsFuzzTest::read, BinaryFormatException.class,
                EOFException.class);
    }

    /** Reads the code object {@code bytes}: header, sections, compressed sections inflated; returns the sections. */
    static Object read(String name, byte[] bytes) throws Exception {
        ByteSource src = ByteSource.of(name, bytes);
        CodeObjectReader.read(src, 0, bytes.length, name);
        List<ElfSections.Section> sections = ElfSections.read(src, 0, bytes.length, name);
        ReadBudget budget = new ReadBudget(ReadLimits.DEFAULT);
        for (ElfSections.Section s : sections) {
            if (s.compressed()) {
                CompressedSection.header(src, s, name + " section " + s.name());
                try (InputStream in = CompressedSection.open(src, s, name + " section " + s.name(), budget)) {
                    in.transferTo(OutputStream.nullOutputStream());
                }
            }
        }
        return sections;
    }
}
