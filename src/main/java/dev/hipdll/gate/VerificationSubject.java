package dev.hipdll.gate;

/**
 * What arrives at the gate: one DLL ({@link DllSubject}) or a release package ({@link PackageSubject}).
 */
public sealed interface VerificationSubject permits DllSubject, PackageSubject {
}
