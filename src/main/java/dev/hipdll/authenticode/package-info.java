/**
 * The Authenticode reader (Microsoft's "Windows Authenticode Portable Executable Signature Format"; PE/COFF
 * specification 4.7, the attribute certificate table): the certificate table's entries, the PKCS#7 SignedData, the
 * image digest, RFC 3161 and legacy timestamps, the certificate chain at the signing time, the trust store, signer
 * pins and the digest policy. It reads untrusted bytes and decides nothing about a release.
 * <p>May use: {@code bytes}, {@code pe}.
 */
package dev.hipdll.authenticode;
