package dev.hipdll.attestation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.util.Base64;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The DSSE specification's own test vector (secure-systems-lab/dsse {@code protocol.md} v1.0.2, "Test Vectors",
 * and its reference implementation {@code implementation/signing_spec.py}), kept in
 * {@code src/test/resources/dev/hipdll/attestation/dsse-protocol-test-vector.json} with its source: our PAE is the
 * specification's byte for byte, the specification's envelope parses and its signature verifies with our ECDSA
 * P-256 verifier (raw {@code r || s}), and signing our PAE with the vector's key and RFC 6979 deterministic nonces
 * (as the reference implementation does) gives the specification's signature exactly.
 */
class DsseSpecificationVectorTest {
    JsonNode vector;

    @BeforeEach
    void read() throws Exception {
        try (InputStream in = getClass().getResourceAsStream("/dev/hipdll/attestation/dsse-protocol-test-vector.json")) {
            vector = new ObjectMapper().readTree(in);
        }
    }

    private byte[] body() {
        return vector.get("serializedBody").asText().getBytes(StandardCharsets.UTF_8);
    }

    private String type() {
        return vector.get("payloadType").asText();
    }

    private PublicKey publicKey() throws Exception {
        AlgorithmParameters p = AlgorithmParameters.getInstance("EC");
        p.init(new ECGenParameterSpec("secp256r1"));
        ECParameterSpec spec = p.getParameterSpec(ECParameterSpec.class);
        ECPoint w = new ECPoint(new BigInteger(vector.at("/key/x").asText()), new BigInteger(vector.at("/key/y").asText()));
        return KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(w, spec));
    }

    @Test
    void paeIsTheSpecificationsBytes() {
        assertArrayEquals(vector.get("pae").asText().getBytes(StandardCharsets.US_ASCII), Pae.of(type(), body()));
    }

    @Test
    void theSpecificationsEnvelopeParsesAndItsSignatureVerifies() throws Exception {
        DsseEnvelope e = DsseEnvelope.parse(vector.get("envelope").toString(), "vector");
        assertEquals(type(), e.payloadType());
        assertArrayEquals(body(), e.payload());
        assertEquals("", e.signatures().get(0).keyid(), "the vector's envelope has no keyid: unset reads as empty");
        PublicKey key = publicKey();
        TrustedKey trusted = new TrustedKey(key, KeyAlgorithm.of(key, "vector"), KeyId.of(key), "vector", "vector");
        assertEquals(KeyAlgorithm.ECDSA_P256_SHA256, trusted.algorithm());
        assertTrue(trusted.verifies(e.pae(), e.signatures().get(0).sig()), "the specification's signature verifies");

        byte[] changed = body();
        changed[0] ^= 1;
        assertFalse(trusted.verifies(Pae.of(type(), changed), e.signatures().get(0).sig()), "another body does not");
        assertFalse(trusted.verifies(Pae.of(type() + "x", body()), e.signatures().get(0).sig()), "another type does not");
    }

    @Test
    void signingOurPaeWithTheVectorsKeyGivesTheSpecificationsSignature() throws Exception {
        X9ECParameters curve = CustomNamedCurves.getByName("P-256");
        ECDomainParameters domain = new ECDomainParameters(curve.getCurve(), curve.getG(), curve.getN(), curve.getH());
        ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest())); // RFC 6979
        signer.init(true, new ECPrivateKeyParameters(new BigInteger(vector.at("/key/d").asText()), domain));
        BigInteger[] rs = signer.generateSignature(MessageDigest.getInstance("SHA-256").digest(Pae.of(type(), body())));
        byte[] raw = new byte[64];
        System.arraycopy(fixed32(rs[0]), 0, raw, 0, 32);
        System.arraycopy(fixed32(rs[1]), 0, raw, 32, 32);
        assertArrayEquals(Base64.getDecoder().decode(vector.at("/envelope/signatures/0/sig").asText()), raw);
    }

    @Test
    void anEnvelopeWeWriteReadsBackAndUrlSafeBase64IsAccepted() throws Exception {
        DsseEnvelope e = DsseEnvelope.parse(vector.get("envelope").toString(), "vector");
        assertEquals(e, DsseEnvelope.parse(e.toJson(), "ours"));
        String sig = vector.at("/envelope/signatures/0/sig").asText();
        assertTrue(sig.contains("+"), "the vector's signature has a character that URL-safe base64 spells otherwise");
        String urlSafe = "{\"payload\": \"aGVsbG8gd29ybGQ\", \"payloadType\": \"" + type()
                + "\", \"signatures\": [{\"sig\": \"" + sig.replace('+', '-').replace('/', '_').replace("=", "") + "\"}]}";
        assertEquals(e, DsseEnvelope.parse(urlSafe, "url-safe"), "DSSE: verifiers MUST accept either base64");
    }

    private static byte[] fixed32(BigInteger v) {
        byte[] b = v.toByteArray();
        byte[] out = new byte[32];
        int n = Math.min(b.length, 32);
        System.arraycopy(b, b.length - n, out, 32 - n, n);
        return out;
    }
}
