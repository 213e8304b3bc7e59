package dev.hipdll.authenticode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link DigestPolicy}: SHA-256 and stronger by default, SHA-1 when named, MD5 never; names as users spell them. */
class DigestPolicyTest {
    @Test
    void theDefaultIsSha256AndStronger() {
        DigestPolicy d = DigestPolicy.defaults();
        assertEquals(List.of("SHA-256", "SHA-384", "SHA-512"), d.accepted());
        assertEquals(List.of("MD5", "SHA-1"), d.refused(List.of("SHA-256", "MD5", "SHA-1", "MD5")));
        assertEquals(d, DigestPolicy.parse(null));
        assertEquals(d, DigestPolicy.parse(Arrays.asList(" ", null)));
    }

    @Test
    void namesAreReadAsUsersSpellThem() {
        assertEquals(List.of("SHA-1", "SHA-256"), DigestPolicy.parse(List.of("sha1", "SHA-256", "sha256")).accepted());
        assertEquals(List.of("SHA-384", "SHA-512"), DigestPolicy.parse(List.of("SHA384", "sha_512")).accepted());
    }

    @Test
    void md5IsNeverAcceptedAndAnUnknownNameIsNamed() {
        IllegalArgumentException md5 = assertThrows(IllegalArgumentException.class,
                () -> DigestPolicy.parse(List.of("SHA-256", "md5")));
        assertTrue(md5.getMessage().startsWith("MD5 is never accepted"), md5.getMessage());
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                () -> DigestPolicy.parse(List.of("SHA3-256")));
        assertEquals("'SHA3-256' is not one of SHA-1, SHA-256, SHA-384, SHA-512", other.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new DigestPolicy(List.of("MD5")));
    }
}
