// The example backend's sources; a throwaway CA and code-signing key (keytool, PKCS#12) as a release pipeline would keep
// in a vault; a throwaway RFC 3161 timestamping authority (openssl) served on the loopback by scripts/dev/local-tsa, whose address
// jsign-maven-plugin reads from .mvn/maven.config (-Djsign.tsaurl); the trust store verify checks the chain with.
def project = new File(basedir, '../../..').canonicalFile
def example = new File(project, 'examples/colibri-backend')
def run = { List<String> cmd ->
    def p = cmd.collect { it.toString() }.execute(null, basedir)
    p.waitForProcessOutput(System.out, System.err)
    assert p.exitValue() == 0 : "failed: ${cmd}"
}
def signing = new File(basedir, 'signing')
run(['rm', '-rf', "${basedir}/src", signing.path, "${basedir}/.mvn"])
run(['mkdir', '-p', "${basedir}/src/main", signing.path, "${basedir}/.mvn"])
run(['cp', '-a', new File(example, 'src/main/hip').path, "${basedir}/src/main/hip"])

// a CA and a code-signing certificate it issues (jsign-core leaves a self-signed root out of the signature, so a
// self-signed signing certificate would leave the signature without its signer's certificate)
def ks = ['-keystore', "${signing}/release.p12", '-storetype', 'PKCS12', '-storepass', 'changeit']
run(['keytool', '-genkeypair', '-alias', 'ca', '-keyalg', 'RSA', '-keysize', '2048', '-sigalg', 'SHA256withRSA',
     '-dname', 'CN=hipdll IT release CA, O=hipdll tests, C=DE', '-ext', 'bc:c', '-validity', '30'] + ks)
run(['keytool', '-exportcert', '-rfc', '-alias', 'ca', '-file', "${signing}/ca.pem"] + ks)
run(['keytool', '-genkeypair', '-alias', 'release', '-keyalg', 'RSA', '-keysize', '2048', '-sigalg', 'SHA256withRSA',
     '-dname', 'CN=hipdll IT release signing, O=hipdll tests, C=DE', '-validity', '30'] + ks)
run(['keytool', '-certreq', '-alias', 'release', '-file', "${signing}/release.csr"] + ks)
run(['keytool', '-gencert', '-alias', 'ca', '-infile', "${signing}/release.csr", '-outfile', "${signing}/release.pem",
     '-rfc', '-ext', 'EKU=codeSigning', '-ext', 'KU=digitalSignature', '-validity', '30'] + ks)
new File(signing, 'release-chain.pem').text = new File(signing, 'release.pem').text + new File(signing, 'ca.pem').text
run(['keytool', '-importcert', '-alias', 'release', '-file', "${signing}/release-chain.pem", '-noprompt'] + ks)

// the documented local TSA (docs/verify.md): it makes its throwaway key and certificate in signing/ and serves
def tsa = ['python3', new File(project, 'scripts/dev/local-tsa').path, signing.path, '--exit-after', '600'].execute()
tsa.consumeProcessOutput(System.out, System.err)
new File(signing, 'tsa.pid').text = tsa.pid().toString()
def port = new File(signing, 'tsa.port')
for (int i = 0; i < 300 && !port.exists(); i++) {
    Thread.sleep(100)
}
assert port.exists() : 'the loopback TSA (scripts/dev/local-tsa) did not start'
new File(signing, 'trust.pem').text = new File(signing, 'ca.pem').text + new File(signing, 'tsa.crt').text
new File(basedir, '.mvn/maven.config').text = "-Dhip.sign.tsaUrl=http://127.0.0.1:${port.text.trim()}/\n"
return true
