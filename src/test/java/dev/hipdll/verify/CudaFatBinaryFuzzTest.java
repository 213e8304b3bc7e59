package dev.hipdll.verify;

import dev.hipdll.bundle.CudaDeviceCode;
import dev.hipdll.bundle.CudaDeviceCodeReader;
import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.bytes.ByteSource;
import dev.hipdll.pe.PeFile;
import dev.hipdll.pe.SectionHeader;
import dev.hipdll.testing.CentralJarEntry;
import dev.hipdll.testing.PeImage;
import dev.hipdll.testing.ReaderFuzz;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The CUDA fat binary reader under seeded mutants ({@link ReaderFuzz}): the {@code .nv_fatb}
 * section of NVIDIA's own {@code nppitc64_12.dll} (CUDA 12.3, the file {@link CudaDeviceCodeTest} fetches: three fat
 * binaries, 29 entries) and of the image {@link CudaDeviceCodeTest} makes (two fat binaries, padding between), mutated
 * inside that section only. Each mutant is read as verify reads it ({@link CudaDeviceCodeReader#read}, every entry's
 * facts); only {@link BinaryFormatException} (a malformed image, the budget spent) may come out: a malformed fat
 * binary is a problem line of the value, not an exception.
 */
@Tag("fuzz")
class CudaFatBinaryFuzzTest {
    @Test
    void mutantsOfFatBinariesReadOrFailByName() throws Exception {
        Path npp = CentralJarEntry.get(CudaDeviceCodeTest.REDIST, "org/bytedeco/cuda/windows-x86_64/nppitc64_12.dll",
                "nppitc64_12.dll", "b20948285dac9e74bbb6e1cf9552e0f88a3c0427f695b067adaa2f9ff46b6ce2");
        PeImage img = new PeImage();
        int fat = img.data(".nv_fatb", CudaDeviceCodeTest.nvFatbSection());
        ByteBuffer w = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        w.putInt(0, 0x466243b1).putInt(4, 1).putLong(8, PeImage.IMAGE_BASE + fat);
        img.data(".nvFatBi", w.array());
        List<ReaderFuzz.Seed> seeds = new ArrayList<>();
        seeds.add(seed("nppitc64_12.dll", Files.readAllBytes(npp)));
        seeds.add(seed("handmade-cuda.dll", img.build()));
        ReaderFuzz.run("cudaFatBinary", 20261210L, seeds, CudaFatBinaryFuzzTest::read, BinaryFormatException.class);
    }

    /** A seed mutated inside its {@code .nv_fatb} section's raw data. */
    private static ReaderFuzz.Seed seed(String name, byte[] bytes) throws Exception {
        try (PeFile pe = PeFile.read(ByteSource.of(name, bytes))) {
            SectionHeader s = pe.section(CudaDeviceCodeReader.FATBIN_SECTION).orElseThrow();
            int from = (int) s.pointerToRawData();
            return new ReaderFuzz.Seed(name, bytes, from, (int) (from + s.fileBackedSize()), List.of());
        }
    }

    /** Reads the CUDA device code of the image {@code bytes}; returns its architectures and problems. */
    static Object read(String name, byte[] bytes) throws Exception {
        try (PeFile pe = PeFile.read(ByteSource.of(name, bytes))) {
            CudaDeviceCode c = CudaDeviceCodeReader.read(pe);
            return c.architectures() + c.entries().size() + c.problems();
        }
    }
}
