package dev.hipdll.attestation;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * DSSE's Pre-Authentication Encoding, the bytes a DSSE signature is made over (DSSE protocol v1.0.2,
 * "Signature Definition", secure-systems-lab/dsse {@code protocol.md}):
 * <pre>
 * PAE(type, body) = "DSSEv1" + SP + LEN(type) + SP + type + SP + LEN(body) + SP + body
 * </pre>
 * where {@code SP} is one ASCII space and {@code LEN} the ASCII decimal byte length without leading zeros.
 * {@code PAE("http://example.com/HelloWorld", "hello world")} is
 * {@code DSSEv1 29 http://example.com/HelloWorld 11 hello world}.
 */
public final class Pae {
    private Pae() {
    }

    /**
     * The PAE of a payload.
     *
     * @param payloadType the payload type, encoded as UTF-8
     * @param body        the serialized body, as it is (never re-encoded)
     * @return the bytes to sign or verify
     */
    public static byte[] of(String payloadType, byte[] body) {
        byte[] type = payloadType.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream(type.length + body.length + 32);
        out.writeBytes(("DSSEv1 " + type.length + " ").getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(type);
        out.writeBytes((" " + body.length + " ").getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(body);
        return out.toByteArray();
    }
}
