package dev.hipdll.attestation;

import java.nio.file.Path;

/**
 * The names and types of hipdll's attestations: an in-toto Statement v1 ({@value #STATEMENT_TYPE}) with the SLSA
 * provenance v1 predicate ({@value #PREDICATE_TYPE}), in a DSSE envelope of payload type {@value #PAYLOAD_TYPE},
 * one envelope per line in {@code <dll>.intoto.jsonl} (the in-toto bundle naming convention, in-toto/attestation
 * {@code spec/v1/bundle.md}).
 */
public final class Attestations {
    /** The DSSE payload type of an in-toto statement (in-toto/attestation {@code spec/v1/envelope.md}). */
    public static final String PAYLOAD_TYPE = "application/vnd.in-toto+json";
    /** The statement's {@code _type} (in-toto/attestation {@code spec/v1/statement.md}). */
    public static final String STATEMENT_TYPE = "https://in-toto.io/Statement/v1";
    /** The predicate type of SLSA provenance v1 (slsa.dev/spec/v1.0/provenance). */
    public static final String PREDICATE_TYPE = "https://slsa.dev/provenance/v1";
    /**
     * The {@code buildDefinition.buildType} of a hipdll:build: what its {@code externalParameters},
     * {@code internalParameters} and {@code resolvedDependencies} mean (docs/verify-reference.md, "What hipdll:build writes").
     */
    public static final String BUILD_TYPE = "https://hipdll.dev/hipdll-maven-plugin/build-type/v1";
    /** The {@code runDetails.builder.id} when {@code hip.attestation.builderId} is not set. */
    public static final String DEFAULT_BUILDER_ID = "https://hipdll.dev/hipdll-maven-plugin";
    /** The file name suffix of an attestation bundle. */
    public static final String SUFFIX = ".intoto.jsonl";
    /** The Maven type (and extension) of the attached attestation, after the DLL's: {@code dll.intoto.jsonl}. */
    public static final String ARTIFACT_TYPE = "dll" + SUFFIX;

    private Attestations() {
    }

    /** The attestation bundle beside a DLL: {@code <dll>.intoto.jsonl}. */
    public static Path fileFor(Path dll) {
        return dll.resolveSibling(dll.getFileName() + SUFFIX);
    }
}
