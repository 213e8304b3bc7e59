package dev.hipdll.authenticode;

/**
 * One entry of a PE image's attribute certificate table (PE/COFF specification, section 5.7 "The Attribute
 * Certificate Table (Image Only)"): {@code dwLength} (u32, the entry's length with this 8-byte header),
 * {@code wRevision} (u16), {@code wCertificateType} (u16), then {@code bCertificate}.
 *
 * @param offset   the file offset of the entry's header
 * @param length   {@code dwLength} in bytes, header included
 * @param revision {@code wRevision}: {@link #REVISION_2_0} for Authenticode
 * @param type     {@code wCertificateType}: {@link #TYPE_PKCS_SIGNED_DATA} for Authenticode
 */
public record WinCertificate(long offset, long length, int revision, int type) {
    /** {@code WIN_CERT_REVISION_1_0}. */
    public static final int REVISION_1_0 = 0x0100;
    /** {@code WIN_CERT_REVISION_2_0}: the revision of Authenticode signatures. */
    public static final int REVISION_2_0 = 0x0200;
    /** {@code WIN_CERT_TYPE_X509}. */
    public static final int TYPE_X509 = 1;
    /** {@code WIN_CERT_TYPE_PKCS_SIGNED_DATA}: a PKCS#7 SignedData, the Authenticode signature. */
    public static final int TYPE_PKCS_SIGNED_DATA = 2;
    /** The size of the entry's header, in bytes. */
    public static final int HEADER = 8;

    /** The file offset of {@code bCertificate}. */
    public long contentOffset() {
        return offset + HEADER;
    }

    /** The length of {@code bCertificate}, in bytes. */
    public long contentLength() {
        return length - HEADER;
    }

    /** {@code wCertificateType} as the specification names it. */
    public String typeName() {
        return switch (type) {
            case TYPE_X509 -> "WIN_CERT_TYPE_X509";
            case TYPE_PKCS_SIGNED_DATA -> "WIN_CERT_TYPE_PKCS_SIGNED_DATA";
            case 3 -> "WIN_CERT_TYPE_RESERVED_1";
            case 4 -> "WIN_CERT_TYPE_TS_STACK_SIGNED";
            default -> "type " + type;
        };
    }
}
