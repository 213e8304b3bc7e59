package dev.hipdll.attestation;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * hipdll:verify's side of attestations names no BouncyCastle class: opening BouncyCastle's signed jar costs a fresh
 * JVM over half a second (its signature is checked before the first class loads; docs/performance.md), and a class
 * whose constant pool mentions a BouncyCastle type can trigger it. Checked on the compiled classes' constant pools;
 * the signing side ({@link SigningKeyFile}, {@link BcKeys}) is allowed to.
 */
class VerifySideLoadsNoBouncyCastleTest {
    private static final List<Class<?>> VERIFY_SIDE = List.of(TrustedKeys.class, TrustedKey.class, KeyFiles.class,
            PemBlocks.class, KeyAlgorithm.class, KeyId.class, AttestationCheck.class, AttestationBundle.class,
            AttestationRequirement.class, DsseEnvelope.class, DsseSignature.class, Pae.class, SlsaStatement.class,
            Attestations.class, AttestationException.class, AttestationLimits.class);

    private static String constantPool(Class<?> c) throws Exception {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void theVerifySideNamesNoBouncyCastleClass() throws Exception {
        for (Class<?> c : VERIFY_SIDE) {
            assertFalse(constantPool(c).contains("org/bouncycastle"), c.getName() + " refers to BouncyCastle");
        }
        assertTrue(constantPool(BcKeys.class).contains("org/bouncycastle"), "the check would see a reference");
    }
}
