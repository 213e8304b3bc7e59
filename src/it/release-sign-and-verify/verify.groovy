// Build, sign, verify: the DLL verify accepted is signed by the pinned signer, timestamped, chains to the trust
// store, carries every linker mitigation, and without its signature it is the DLL hipdll:build wrote.
import groovy.json.JsonSlurper
def pid = new File(basedir, 'signing/tsa.pid')
if (pid.exists()) {
    ['kill', pid.text.trim()].execute().waitFor()  // the loopback TSA this IT started
}
def log = new File(basedir, 'build.log').text
assert log.contains('DLL VERIFIED') : log
assert log.indexOf('jsign:7.1:sign (sign)') > log.indexOf(':build (build)') : 'signed after the build'
assert log.indexOf(':verify (verify)') > log.indexOf('jsign:7.1:sign (sign)') : 'verified after signing'
for (id in ['authenticode.signature', 'authenticode.signer', 'authenticode.chain', 'authenticode.timestamp',
            'hardening.dynamic-base', 'hardening.high-entropy-va', 'hardening.nx-compat', 'hardening.guard-cf',
            'hardening.cet-compat', 'hardening.wx-sections']) {
    assert log =~ /PASS\s+${java.util.regex.Pattern.quote(id)}\s/ : "${id} passes: ${log}"
}
def json = new JsonSlurper().parse(new File(basedir, 'target/hipdll/verify.json'))
assert json.passed == true
def ts = json.checks.find { it.id == 'authenticode.timestamp' }
assert ts.found.startsWith('RFC 3161 ') && ts.found.contains('CN=hipdll local timestamps') : ts
def built = new File(basedir, 'target/hipdll/coli_hip.dll.sha256').text.trim().split(/\s+/)[0]
assert json.facts.unsignedSha256 == built : "the unsigned image ${json.facts.unsignedSha256} is the built DLL ${built}"
def provenance = new JsonSlurper().parse(new File(basedir, 'target/hipdll/provenance.json'))
assert provenance.toString().contains(built)
def signed = java.security.MessageDigest.getInstance('SHA-256').digest(new File(basedir, 'target/hipdll/coli_hip.dll').bytes)
        .encodeHex().toString()
assert signed != built : 'jsign signed the DLL in place'
return true
