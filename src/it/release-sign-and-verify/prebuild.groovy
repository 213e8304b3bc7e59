// The example backend's sources; a throwaway CA and code-signing key (keytool, PKCS#12) as a release pipeline would keep
// in a vault; a throwaway RFC 3161 timestamping authority (openssl) served on the loopback by tsa.py, whose address
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

// a CA and a code-signing certificate it issues (jsign leaves a self-signed root out of the signature, so a
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

run(['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '30',
     '-keyout', "${signing}/tsa.key", '-out', "${signing}/tsa.crt", '-subj', '/C=DE/O=hipdll tests/CN=hipdll IT timestamps',
     '-addext', 'extendedKeyUsage=critical,timeStamping', '-addext', 'keyUsage=critical,digitalSignature'])
new File(signing, 'tsaserial').text = '01\n'
new File(signing, 'tsa.cnf').text = """\
[ tsa ]
default_tsa = it_tsa
[ it_tsa ]
dir = ${signing}
serial = \$dir/tsaserial
crypto_device = builtin
signer_cert = \$dir/tsa.crt
certs = \$dir/tsa.crt
signer_key = \$dir/tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.4146.2.3
digests = sha1, sha256, sha384, sha512
accuracy = secs:1
ordering = no
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
"""
new File(signing, 'trust.pem').text = new File(signing, 'ca.pem').text + new File(signing, 'tsa.crt').text

def tsa = ['python3', new File(basedir, 'tsa.py').path, signing.path].execute()
new File(signing, 'tsa.pid').text = tsa.pid().toString()
def port = new File(signing, 'tsa.port')
for (int i = 0; i < 100 && !port.exists(); i++) {
    Thread.sleep(100)
}
assert port.exists() : 'the loopback TSA did not start'
new File(basedir, '.mvn/maven.config').text = "-Djsign.tsaurl=http://127.0.0.1:${port.text.trim()}/\n"
return true
