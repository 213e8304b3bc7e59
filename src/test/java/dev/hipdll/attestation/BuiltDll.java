package dev.hipdll.attestation;

import dev.hipdll.digest.ChecksumFile;
import dev.hipdll.digest.Sha256;
import dev.hipdll.provenance.Provenance;
import dev.hipdll.provenance.ProvenanceJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A DLL's published files as a build leaves them, for the attestation tests: the DLL (any bytes: the attestation
 * does not read PE), its {@code .sha256} and {@code provenance.json} with the DLL's digest, and the attestation a
 * {@link DllAttestor} writes. {@link #rewrite} is hole 2's attacker: every file but the attestation rewritten
 * consistently with other DLL bytes.
 */
final class BuiltDll {
    final Path dll;
    final Path provenance;

    BuiltDll(Path dir, byte[] bytes) throws IOException {
        Files.createDirectories(dir);
        dll = dir.resolve("coli_hip.dll");
        provenance = dir.resolve("provenance.json");
        rewrite(bytes);
    }

    /** Writes {@code bytes} as the DLL with a matching {@code .sha256} and {@code provenance.json}. */
    void rewrite(byte[] bytes) throws IOException {
        Files.write(dll, bytes);
        ChecksumFile.write(dll);
        new ProvenanceJson().write(provenance(Sha256.of(bytes), bytes.length), provenance);
    }

    static Provenance provenance(String sha256, long size) {
        return new Provenance(Provenance.FORMAT_VERSION, "dev.hipdll:hipdll-maven-plugin:9.9.9",
                new Provenance.Output("coli_hip.dll", size, sha256),
                new Provenance.Sdk("6.2.41134", "${HIP_SDK_ROOT}", List.of(
                        new Provenance.ComponentDigest("clang", "lib/llvm/bin/clang", "file", "a".repeat(64), "HIP_SDK_ROOT"),
                        new Provenance.ComponentDigest("includeDir", "include/hip", "tree", "b".repeat(64), "-Dhip.includeDir"))),
                null, null, List.of("gfx1151", "gfx1100"),
                new Provenance.Compiler("hipcc", "${HIP_SDK_ROOT}/bin/hipcc", "${project.basedir}", List.of(
                        new Provenance.Step("link", "${HIP_SDK_ROOT}/bin/hipcc", List.of("-shared", "-o", "target/hipdll/coli_hip.dll")))),
                List.of(new Provenance.FileDigest("src/main/hip/backend_cuda.cu", "c".repeat(64))), null);
    }

    static ExternalParameters parameters() {
        return new ExternalParameters("hipcc", true, List.of("COLI_FAST=1"),
                List.of("-O3"), null);
    }

    /** Attests with {@code key} (none: unsigned), as a fresh build. */
    Optional<Path> attest(SigningKey key, List<String> log) throws Exception {
        return attest(key, false, log);
    }

    Optional<Path> attest(SigningKey key, boolean upToDate, List<String> log) throws Exception {
        return new DllAttestor().attest(new DllAttestor.Request(dll, provenance, upToDate, parameters(),
                "https://ci.example.org/hipdll", "9.9.9", Optional.ofNullable(key), "no key in this test"), log::add);
    }

    Path attestation() {
        return Attestations.fileFor(dll);
    }
}
