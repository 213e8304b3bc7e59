package dev.hipdll.attestation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hipdll.provenance.Provenance;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The in-toto Statement v1 with the SLSA provenance v1 predicate that a hipdll:build signs, and what verify reads
 * back from one.
 *
 * <p>Written by {@link #of} from the build's {@link Provenance} (the record {@code provenance.json} holds; nothing is
 * gathered twice), in this shape (in-toto/attestation {@code spec/v1/statement.md}, slsa.dev/spec/v1.0/provenance):
 * <pre>
 * {"_type": "https://in-toto.io/Statement/v1",
 *  "subject": [{"name": "coli_hip.dll", "digest": {"sha256": "&lt;the DLL's&gt;"}}],
 *              (a DLL the build signed: a second subject, "coli_hip.dll (without its Authenticode signature)")
 *  "predicateType": "https://slsa.dev/provenance/v1",
 *  "predicate": {
 *    "buildDefinition": {
 *      "buildType": "https://hipdll.dev/hipdll-maven-plugin/build-type/v1",
 *      "externalParameters": {"targets": [...], "driver": "hipcc", "staticRuntime": true, "defines": [...],
 *                             "compilerArgs": [...], "bundleVersion": 2, "outputName": "coli_hip.dll"},
 *      "internalParameters": {"hipSdkVersion": ..., "msvcToolset": ..., "windowsSdk": ..., "outputTimestamp": ...,
 *                             "compiler": {the provenance.json "compiler" object: every step's command}},
 *      "resolvedDependencies": [
 *        {"name": "src/main/hip/backend_cuda.cu", "digest": {"sha256": ...}, "annotations": {"kind": "source"}},
 *        {"name": "hip-sdk/clang", "digest": {"sha256": ...}, "annotations": {"kind": "hip-sdk",
 *         "path": "lib/llvm/bin/clang", "digestOf": "file", "origin": "HIP_SDK_ROOT", "sdkVersion": "6.2.4"}}, ...]},
 *    "runDetails": {
 *      "builder": {"id": "&lt;hip.attestation.builderId&gt;", "version": {"hipdll-maven-plugin": "&lt;version&gt;"}},
 *      "byproducts": [{"name": "provenance.json", "digest": {"sha256": ...}, "mediaType": "application/json"}]}}}
 * </pre>
 * A {@code tree} dependency's digest is that of a {@code sha256sum} manifest of the files under its path
 * ({@link dev.hipdll.provenance.TreeDigest}). No time and no machine path is written (paths carry placeholders
 * such as {@code ${HIP_SDK_ROOT}}), so two builds of the same inputs write the same statement, byte for byte.
 *
 * <p>Read by {@link #read}: {@code _type}, {@code predicateType}, the subjects' names and SHA-256 digests, and for
 * the report the build type, builder id, plugin version and targets. Unknown fields are ignored.
 *
 * @param subjects      the subjects, in order (a subject without a valid SHA-256 has {@code sha256} empty)
 * @param buildType     {@code buildDefinition.buildType}, or empty
 * @param builderId     {@code runDetails.builder.id}, or empty
 * @param pluginVersion {@code runDetails.builder.version["hipdll-maven-plugin"]}, or empty
 * @param targets       {@code externalParameters.targets}, possibly empty
 */
public record SlsaStatement(List<Subject> subjects, String buildType, String builderId, String pluginVersion,
                            List<String> targets) {
    /** The key of the plugin's version in {@code runDetails.builder.version}. */
    public static final String PLUGIN = "hipdll-maven-plugin";
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    /** Copies the lists. */
    public SlsaStatement {
        subjects = List.copyOf(subjects);
        targets = List.copyOf(targets);
    }

    /**
     * One subject.
     *
     * @param name   its name (the DLL's file name), or empty
     * @param sha256 its SHA-256, 64 lower-case hex digits, or empty when it has none or not a valid one
     */
    public record Subject(String name, String sha256) {
    }

    /**
     * The statement of a build, as UTF-8 JSON bytes (the DSSE payload).
     *
     * @param provenance       the build's provenance ({@code provenance.json})
     * @param parameters       the user's parameters that decide the DLL
     * @param builderId        {@code runDetails.builder.id}
     * @param pluginVersion    the plugin's version
     * @param provenanceName   the file name of the provenance document ({@code provenance.json})
     * @param provenanceSha256 its SHA-256 (a byproduct of the run: the signed statement pins the unsigned document)
     * @return the payload
     */
    public static byte[] of(Provenance provenance, ExternalParameters parameters, String builderId, String pluginVersion,
                            String provenanceName, String provenanceSha256) {
        return of(provenance, parameters, builderId, pluginVersion, provenanceName, provenanceSha256, null);
    }

    /**
     * As {@link #of(Provenance, ExternalParameters, String, String, String, String)}, for a DLL the build signed with
     * Authenticode: a second subject, {@code "<dll> (without its Authenticode signature)"}, names the SHA-256 of its
     * image without the signature (the DLL the link wrote), so the DLL stays recognised when another tool signs it
     * again.
     *
     * @param unsignedSha256 the image's SHA-256 without the signature; {@code null}: one subject only
     * @return the payload
     */
    public static byte[] of(Provenance provenance, ExternalParameters parameters, String builderId, String pluginVersion,
                            String provenanceName, String provenanceSha256, String unsignedSha256) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("_type", Attestations.STATEMENT_TYPE);
        com.fasterxml.jackson.databind.node.ArrayNode subjects = root.putArray("subject");
        ObjectNode subject = subjects.addObject();
        subject.put("name", provenance.output().file());
        subject.putObject("digest").put("sha256", provenance.output().sha256());
        if (unsignedSha256 != null && !unsignedSha256.equals(provenance.output().sha256())) {
            ObjectNode image = subjects.addObject();
            image.put("name", provenance.output().file() + " (without its Authenticode signature)");
            image.putObject("digest").put("sha256", unsignedSha256);
        }
        root.put("predicateType", Attestations.PREDICATE_TYPE);
        ObjectNode predicate = root.putObject("predicate");

        ObjectNode definition = predicate.putObject("buildDefinition");
        definition.put("buildType", Attestations.BUILD_TYPE);
        ObjectNode external = definition.putObject("externalParameters");
        strings(external.putArray("targets"), provenance.targets());
        external.put("driver", parameters.driver());
        external.put("staticRuntime", parameters.staticRuntime());
        strings(external.putArray("defines"), parameters.defines());
        strings(external.putArray("compilerArgs"), parameters.compilerArgs());
        if (parameters.bundleVersion() != null) {
            external.put("bundleVersion", parameters.bundleVersion());
        }
        external.put("outputName", provenance.output().file());
        ObjectNode internal = definition.putObject("internalParameters");
        internal.put("hipSdkVersion", provenance.sdk().version());
        putIfSet(internal, "msvcToolset", provenance.toolset());
        putIfSet(internal, "windowsSdk", provenance.windowsSdk());
        putIfSet(internal, "outputTimestamp", provenance.outputTimestamp());
        internal.set("compiler", MAPPER.valueToTree(provenance.compiler()));
        ArrayNode dependencies = definition.putArray("resolvedDependencies");
        for (Provenance.FileDigest source : provenance.sources()) {
            ObjectNode d = dependencies.addObject();
            d.put("name", source.path());
            d.putObject("digest").put("sha256", source.sha256());
            d.putObject("annotations").put("kind", "source");
        }
        for (Provenance.ComponentDigest c : provenance.sdk().components()) {
            ObjectNode d = dependencies.addObject();
            d.put("name", "hip-sdk/" + c.name());
            d.putObject("digest").put("sha256", c.sha256());
            ObjectNode a = d.putObject("annotations");
            a.put("kind", "hip-sdk");
            a.put("path", c.path());
            a.put("digestOf", c.kind());
            a.put("origin", c.origin());
            a.put("sdkVersion", provenance.sdk().version());
        }

        ObjectNode run = predicate.putObject("runDetails");
        ObjectNode builder = run.putObject("builder");
        builder.put("id", builderId);
        builder.putObject("version").put(PLUGIN, pluginVersion);
        ObjectNode byproduct = run.putArray("byproducts").addObject();
        byproduct.put("name", provenanceName);
        byproduct.putObject("digest").put("sha256", provenanceSha256);
        byproduct.put("mediaType", "application/json");
        try {
            return MAPPER.writeValueAsBytes(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the statement: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Reads a statement from a verified payload.
     *
     * @param payload the payload bytes, exactly those whose signature was verified (DSSE: never re-parsed from the
     *                envelope)
     * @param where   where it was read, for messages
     * @return the statement's subjects and summary
     * @throws AttestationException when it is not JSON, or {@code _type} is not {@value Attestations#STATEMENT_TYPE}
     *                              or {@code predicateType} not {@value Attestations#PREDICATE_TYPE}, or it has no
     *                              {@code subject} array
     */
    public static SlsaStatement read(byte[] payload, String where) throws AttestationException {
        JsonNode root;
        try {
            root = MAPPER.readTree(new String(payload, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new AttestationException(where + ": the payload is not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new AttestationException(where + ": the payload is not a JSON object (an in-toto statement)");
        }
        String type = root.path("_type").asText("");
        if (!type.equals(Attestations.STATEMENT_TYPE)) {
            throw new AttestationException(where + ": _type is " + quoted(type) + "; expected "
                    + Attestations.STATEMENT_TYPE);
        }
        String predicateType = root.path("predicateType").asText("");
        if (!predicateType.equals(Attestations.PREDICATE_TYPE)) {
            throw new AttestationException(where + ": predicateType is " + quoted(predicateType) + "; expected "
                    + Attestations.PREDICATE_TYPE);
        }
        JsonNode subjectArray = root.get("subject");
        if (subjectArray == null || !subjectArray.isArray()) {
            throw new AttestationException(where + ": no subject array");
        }
        List<Subject> subjects = new ArrayList<>();
        for (JsonNode s : subjectArray) {
            String sha = s.path("digest").path("sha256").asText("").toLowerCase(java.util.Locale.ROOT);
            subjects.add(new Subject(s.path("name").asText(""), sha.matches("[0-9a-f]{64}") ? sha : ""));
        }
        JsonNode predicate = root.path("predicate");
        List<String> targets = new ArrayList<>();
        predicate.path("buildDefinition").path("externalParameters").path("targets")
                .forEach(t -> targets.add(t.asText("")));
        JsonNode builder = predicate.path("runDetails").path("builder");
        return new SlsaStatement(subjects, predicate.path("buildDefinition").path("buildType").asText(""),
                builder.path("id").asText(""), builder.path("version").path(PLUGIN).asText(""), targets);
    }

    /** A value from an attestation for a message: quoted, control characters escaped, at most 100 characters. */
    static String quoted(String value) {
        StringBuilder sb = new StringBuilder("'");
        value.codePoints().limit(100).forEach(c -> {
            if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                sb.append(String.format("\\u%04x", c));
            } else {
                sb.appendCodePoint(c);
            }
        });
        return sb.append(value.codePointCount(0, value.length()) > 100 ? "...'" : "'").toString();
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }

    private static void putIfSet(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }
}
