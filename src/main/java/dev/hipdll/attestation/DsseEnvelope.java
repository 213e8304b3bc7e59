package dev.hipdll.attestation;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A DSSE JSON envelope (secure-systems-lab/dsse {@code envelope.md}, v1.0.2):
 * <pre>
 * {"payload": "&lt;Base64(SERIALIZED_BODY)&gt;", "payloadType": "&lt;PAYLOAD_TYPE&gt;",
 *  "signatures": [{"keyid": "&lt;KEYID&gt;", "sig": "&lt;Base64(SIGNATURE)&gt;"}]}
 * </pre>
 * Written on one line (an in-toto bundle, {@code .intoto.jsonl}, holds one envelope per line) with standard
 * base64; read with standard or URL-safe base64, padded or not, as the specification requires. Parsing
 * rules: {@code payload}, {@code payloadType}, {@code signatures} and each signature's {@code sig} are
 * required; {@code keyid} is optional (unset is the same as empty); unknown fields are ignored; a key that
 * appears twice in one object is refused (two readers could take different values).
 *
 * @param payloadType the payload type, e.g. {@value Attestations#PAYLOAD_TYPE}
 * @param payload     the serialized body, the exact bytes that were signed
 * @param signatures  the signatures, possibly none
 */
public record DsseEnvelope(String payloadType, byte[] payload, List<DsseSignature> signatures) {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    /** Copies the payload and the list. */
    public DsseEnvelope {
        payload = payload.clone();
        signatures = List.copyOf(signatures);
    }

    /** A copy of the payload bytes. */
    @Override
    public byte[] payload() {
        return payload.clone();
    }

    /** The bytes signatures are made over: {@link Pae#of}{@code (payloadType, payload)}. */
    public byte[] pae() {
        return Pae.of(payloadType, payload);
    }

    /** This envelope with one more signature. */
    public DsseEnvelope withSignature(DsseSignature signature) {
        List<DsseSignature> all = new ArrayList<>(signatures);
        all.add(signature);
        return new DsseEnvelope(payloadType, payload, all);
    }

    /** The envelope as one line of JSON, without a line end; fields in the order of the specification's example. */
    public String toJson() {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("payload", Base64.getEncoder().encodeToString(payload));
        root.put("payloadType", payloadType);
        ArrayNode sigs = root.putArray("signatures");
        for (DsseSignature s : signatures) {
            ObjectNode o = sigs.addObject();
            if (!s.keyid().isEmpty()) {
                o.put("keyid", s.keyid());
            }
            o.put("sig", Base64.getEncoder().encodeToString(s.sig()));
        }
        try {
            return MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize a DSSE envelope: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Reads an envelope, with no bound on its signatures (a shard's signed manifest).
     *
     * @param json  the envelope's JSON text
     * @param where where it was read, for messages ({@code coli_hip.dll.intoto.jsonl line 1})
     * @return the envelope
     * @throws AttestationException as {@link #parse(String, String, int)}
     */
    public static DsseEnvelope parse(String json, String where) throws AttestationException {
        return parse(json, where, Integer.MAX_VALUE);
    }

    /**
     * Reads an envelope in one pass of a streaming parser: at most {@code maxSignatures} signatures are decoded, the
     * rest are only counted, so a line of a hundred thousand signatures costs no memory per signature.
     *
     * @param json          the envelope's JSON text
     * @param where         where it was read, for messages ({@code coli_hip.dll.intoto.jsonl line 1})
     * @param maxSignatures the most signatures the envelope may carry ({@link AttestationLimits#maxSignatures()})
     * @return the envelope
     * @throws AttestationException when it is not JSON (or the object does not end, or anything but whitespace follows
     *                              it: one envelope per line), a required field is missing or not a string/array, it has more
     *                              than {@code maxSignatures} signatures (naming {@value AttestationLimits#MAX_SIGNATURES}),
     *                              or a base64 value does not decode; the message names {@code where} and the field
     */
    public static DsseEnvelope parse(String json, String where, int maxSignatures) throws AttestationException {
        Map<String, JsonToken> seen = new HashMap<>();
        String payloadText = null;
        String payloadType = null;
        List<JsonNode> sigs = new ArrayList<>();
        long count = 0;
        try (JsonParser p = MAPPER.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new AttestationException(where + ": not a DSSE envelope (expected a JSON object)");
            }
            JsonToken t;
            for (t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                seen.put(field, value);
                if (field.equals("payload") && value == JsonToken.VALUE_STRING) {
                    payloadText = p.getText();
                } else if (field.equals("payloadType") && value == JsonToken.VALUE_STRING) {
                    payloadType = p.getText();
                } else if (field.equals("signatures") && value == JsonToken.START_ARRAY) {
                    for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
                        if (e == null) {
                            throw new AttestationException(where + ": not JSON: the signatures array does not end");
                        }
                        if (++count <= maxSignatures) {
                            sigs.add(MAPPER.readTree(p));
                        } else {
                            p.skipChildren();
                        }
                    }
                } else {
                    p.skipChildren();
                }
            }
            if (t != JsonToken.END_OBJECT) {
                throw new AttestationException(where + ": not JSON: the envelope object does not end");
            }
            if (p.nextToken() != null) {
                throw new AttestationException(where + ": not JSON Lines: more after the envelope object on its line"
                        + " (one envelope per line)");
            }
        } catch (JsonProcessingException e) {
            throw new AttestationException(where + ": not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new AttestationException(where + ": not JSON: " + e.getMessage());
        }
        text(seen, payloadType, "payloadType", where);
        byte[] payload = base64(text(seen, payloadText, "payload", where), where + ": payload");
        if (seen.get("signatures") != JsonToken.START_ARRAY) {
            throw new AttestationException(where + ": no signatures array (a DSSE envelope has one, possibly empty)");
        }
        if (count > maxSignatures) {
            throw new AttestationException(where + ": " + count + " signatures; an envelope is checked with at most "
                    + maxSignatures + " (" + AttestationLimits.MAX_SIGNATURES + "); none of them was checked");
        }
        List<DsseSignature> signatures = new ArrayList<>();
        for (int i = 0; i < sigs.size(); i++) {
            JsonNode s = sigs.get(i);
            String at = where + ": signatures[" + i + "]";
            if (!s.isObject()) {
                throw new AttestationException(at + ": expected an object with sig and keyid");
            }
            JsonNode keyid = s.get("keyid");
            if (keyid != null && !keyid.isNull() && !keyid.isTextual()) {
                throw new AttestationException(at + ".keyid: expected a string");
            }
            signatures.add(new DsseSignature(keyid == null || keyid.isNull() ? "" : keyid.asText(),
                    base64(text(s, "sig", at), at + ".sig")));
        }
        return new DsseEnvelope(payloadType, payload, signatures);
    }

    /** A top-level string field read by {@link #parse(String, String, int)}. */
    private static String text(Map<String, JsonToken> seen, String value, String field, String where)
            throws AttestationException {
        if (value == null) {
            throw new AttestationException(where + ": " + field + (seen.containsKey(field) ? " is not a string"
                    : " is missing") + " (a DSSE envelope has payload, payloadType and signatures[].sig)");
        }
        return value;
    }

    private static String text(JsonNode node, String field, String where) throws AttestationException {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual()) {
            throw new AttestationException(where + ": " + field + (v == null ? " is missing" : " is not a string")
                    + " (a DSSE envelope has payload, payloadType and signatures[].sig)");
        }
        return v.asText();
    }

    /** Standard or URL-safe base64, padded or not (DSSE: "verifiers MUST accept either"). */
    static byte[] base64(String value, String where) throws AttestationException {
        try {
            return Base64.getDecoder().decode(value);
        } catch (IllegalArgumentException standard) {
            try {
                return Base64.getUrlDecoder().decode(value);
            } catch (IllegalArgumentException urlSafe) {
                throw new AttestationException(where + ": not base64 (standard or URL-safe)");
            }
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DsseEnvelope e && e.payloadType.equals(payloadType) && Arrays.equals(e.payload, payload)
                && e.signatures.equals(signatures);
    }

    @Override
    public int hashCode() {
        return (payloadType.hashCode() * 31 + Arrays.hashCode(payload)) * 31 + signatures.hashCode();
    }

    @Override
    public String toString() {
        return "DsseEnvelope[" + payloadType + ", " + payload.length + " bytes, " + signatures.size() + " signature(s)]";
    }
}
