// Build and sign, then verify: the DLL verify accepted is signed by the pinned signer, timestamped, chains to the trust
// store and carries every linker mitigation; every file the build published describes these signed bytes, and the
// second run found the DLL up to date.
import groovy.json.JsonSlurper
def pid = new File(basedir, 'signing/tsa.pid')
if (pid.exists()) {
    ['kill', pid.text.trim()].execute().waitFor()  // the loopback TSA this IT started
}
def log = new File(basedir, 'build.log').text
assert log.contains('DLL VERIFIED') : log
assert log.contains('signed coli_hip.dll with Authenticode (keystore ') : 'hipdll:build signed the DLL'
assert !log.contains('changeit') : 'the keystore password is in the log'
for (id in ['authenticode.signature', 'authenticode.signer', 'authenticode.chain', 'authenticode.timestamp',
            'hardening.dynamic-base', 'hardening.high-entropy-va', 'hardening.nx-compat', 'hardening.guard-cf',
            'hardening.cet-compat', 'hardening.wx-sections']) {
    assert log =~ /PASS\s+${java.util.regex.Pattern.quote(id)}\s/ : "${id} passes: ${log}"
}
def json = new JsonSlurper().parse(new File(basedir, 'target/hipdll/verify.json'))
assert json.passed == true
def ts = json.checks.find { it.id == 'authenticode.timestamp' }
assert ts.found.startsWith('RFC 3161 ') && ts.found.contains('CN=hipdll local timestamps') : ts
def dir = new File(basedir, 'target/hipdll')
def signed = java.security.MessageDigest.getInstance('SHA-256').digest(new File(dir, 'coli_hip.dll').bytes)
        .encodeHex().toString()
assert log.indexOf('signed coli_hip.dll with Authenticode') < log.indexOf("SHA-256 ${signed}  coli_hip.dll") :
        'signed before the digest was taken'
// sha256sum -c, as README's recipe checks a downloaded DLL
def check = ['sha256sum', '-c', 'coli_hip.dll.sha256'].execute(null, dir)
def out = new StringBuilder()
check.waitForProcessOutput(out, out)
assert check.exitValue() == 0 : "sha256sum -c: ${out}"
def provenance = new JsonSlurper().parse(new File(dir, 'provenance.json'))
assert provenance.output.sha256 == signed : "provenance.json ${provenance.output} describes the signed DLL ${signed}"
assert json.facts.unsignedSha256 != signed : 'the DLL is signed'
def stamp = new JsonSlurper().parse(new File(dir, 'coli_hip.dll.stamp.json'))
assert stamp.output.sha256 == signed && stamp.unsignedSha256 == json.facts.unsignedSha256 : stamp
// the second run: up to date, nothing linked or signed again
assert log.contains('coli_hip.dll is up to date (') : 'the second run was up to date'
assert !log.contains('no stamp of a previous successful build: the last build') : log
assert log.count('signed coli_hip.dll with Authenticode') == 1 : 'signed once'
return true
