package dev.hipdll.release;

import dev.hipdll.bytes.BinaryFormatException;
import dev.hipdll.testing.Exec;
import dev.hipdll.testing.PackageFixtures;
import dev.hipdll.testing.ReaderFuzz;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release package reader's zip path under seeded mutants ({@link ReaderFuzz}): a package of a
 * DLL built with clang-19/lld-link-19 ({@link PackageFixtures#library}), its attestation-named file, a text file and
 * a folder, zipped by java.util.zip ({@link PackageFixtures#zip(Path, Path)}) and by Info-ZIP {@code zip} (extra
 * fields, Unix attributes) and {@code zip -fz} (Zip64 records), mutated anywhere. Each mutant is read as verify reads a
 * package: {@link PackageReader#read} ({@link ZipCentralDirectory}, then {@link java.util.zip.ZipFile} unpacking the PE
 * files within the default limits), the contents closed. The reader answers a malformed zip with a package whose
 * reading stopped, by name; only {@link BinaryFormatException} may come out besides.
 */
@Tag("fuzz")
class PackageZipFuzzTest {
    @TempDir
    Path dir;

    @Test
    void mutantsOfPackageZipsReadOrStopByName() throws Exception {
        Path pkg = Files.createDirectories(dir.resolve("pkg/bin"));
        PackageFixtures.library(pkg, "hipblas.dll", Map.of());
        Files.writeString(pkg.resolve("hipblas.dll.intoto.jsonl"), "{\"payloadType\":\"application/vnd.in-toto+json\"}\n");
        Files.writeString(pkg.getParent().resolve("README.txt"), "a package\n", StandardCharsets.UTF_8);
        Path java = PackageFixtures.zip(pkg.getParent(), dir.resolve("java.zip"));
        Exec.ok(pkg.getParent(), List.of("zip", "-q", "-r", dir.resolve("infozip.zip").toString(), "."));
        Exec.ok(pkg.getParent(), List.of("zip", "-q", "-r", "-fz", dir.resolve("zip64.zip").toString(), "."));
        List<String> dictionary = List.of("PK\u0001\u0002", "PK\u0003\u0004", "PK\u0005\u0006", "PK\u0006\u0006",
                "PK\u0006\u0007", "../", "/", "C:\\", "bin/hipblas.dll", "aux.dll", "A.DLL");
        List<ReaderFuzz.Seed> seeds = List.of(
                ReaderFuzz.Seed.whole("java.zip", Files.readAllBytes(java), dictionary),
                ReaderFuzz.Seed.whole("infozip.zip", Files.readAllBytes(dir.resolve("infozip.zip")), dictionary),
                ReaderFuzz.Seed.whole("zip64.zip", Files.readAllBytes(dir.resolve("zip64.zip")), dictionary));
        Path work = Files.createDirectories(dir.resolve("work"));
        PackageReader reader = new PackageReader(PackageLimits.DEFAULT, work.resolve("unpacked"));
        ReaderFuzz.run("packageZip", 20261211L, seeds, (name, bytes) -> {
            Path zip = Files.write(work.resolve("mutant.zip"), bytes);
            try (PackageContents c = reader.read(zip)) {
                return c.files().size() + " " + c.otherNames() + c.refused() + c.badNames() + c.stopped();
            }
        }, BinaryFormatException.class);
    }
}
