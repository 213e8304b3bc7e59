/**
 * The findings model at the bottom of the plugin: a {@link dev.hipdll.findings.Check} (an id, a verdict, what was
 * expected and what was found), {@link dev.hipdll.findings.Verdict}, a list of them
 * ({@link dev.hipdll.findings.CheckResults}), the one registry of check ids ({@link dev.hipdll.findings.CheckIds}) and
 * how many detail lines a report shows ({@link dev.hipdll.findings.DetailBound}). Every producer of findings (verify,
 * a package, an attestation, doctor, load-check) depends on this package, never on another feature; the table, JSON,
 * JUnit XML and SARIF reports are views of the same list.
 * <p>May use: nothing else of the plugin.
 */
package dev.hipdll.findings;
