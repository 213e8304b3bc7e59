package dev.hipdll.testing;

import dev.hipdll.digest.Sha256;
import dev.hipdll.attestation.AttestationCheck;
import dev.hipdll.attestation.AttestationLimits;
import dev.hipdll.attestation.TrustedKeys;
import dev.hipdll.findings.Check;
import java.nio.file.Path;

/**
 * Runs verify's {@code artifact.attestation} check in a JVM of its own (so a test can give it a small heap):
 * {@code AttestationCheckMain <dll> <bundle> <trusted key PEM> <hip.attestation.maxKiB>}, with the other limits at
 * their defaults; prints {@code <verdict> <found>}, exits 0 on PASS and 1 otherwise.
 */
public final class AttestationCheckMain {
    private AttestationCheckMain() {
    }

    /** @param args dll, bundle, trusted key file, maxKiB */
    public static void main(String[] args) throws Exception {
        Path dll = Path.of(args[0]);
        AttestationLimits d = AttestationLimits.DEFAULT;
        Check c = AttestationCheck.check(new AttestationCheck.Request(dll, Sha256.of(dll), Path.of(args[1]),
                TrustedKeys.load(Path.of(args[2])), true, "a DLL from elsewhere",
                AttestationLimits.of(Integer.parseInt(args[3]), d.maxEnvelopes(), d.maxSignatures(), d.timeLimit())));
        Runtime rt = Runtime.getRuntime();
        System.out.println(c.verdict() + " " + c.found());
        System.out.println("heap in use at the end: " + ((rt.totalMemory() - rt.freeMemory()) >> 20) + " MiB of "
                + (rt.maxMemory() >> 20) + " MiB");
        System.exit(c.verdict() == dev.hipdll.findings.Verdict.PASS ? 0 : 1);
    }
}
