// Before CI's build: the example's sources inside the project (cache inputs live under src/), an empty build
// cache, and two THROWAWAY keys made here with the JDK's keytool (never committed, never trusted anywhere
// else): CI's signing key (PKCS#12, EC P-256) with its certificate as the trusted PEM, and an attacker's key.
// CI's key reaches hipdll:build through a settings.xml <server> (signing-settings.xml, given with -gs).
import java.nio.file.*
new File(basedir, 'build-cache-store').deleteDir()
def src = Paths.get(exampleDir, 'src/main/hip')
def dst = basedir.toPath().resolve('src/main/hip')
Files.walk(src).forEach { p ->
    def t = dst.resolve(src.relativize(p).toString())
    if (Files.isDirectory(p)) { Files.createDirectories(t) } else { Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING) }
}
def keys = new File(basedir, 'keys')
keys.deleteDir()
keys.mkdirs()
def keytool = new File(System.getProperty('java.home'), 'bin/keytool').path
def run = { List<String> cmd ->
    def p = new ProcessBuilder(cmd).redirectErrorStream(true).start()
    def out = p.inputStream.text
    assert p.waitFor() == 0 : "${cmd[0..2]} failed: ${out}"
}
def password = 'it-throwaway-' + UUID.randomUUID()
new File(keys, 'password.txt').text = password
['ci': 'CN=hipdll IT CI signer,O=hipdll tests', 'attacker': 'CN=attacker'].each { name, dn ->
    run([keytool, '-genkeypair', '-alias', name, '-keyalg', 'EC', '-groupname', 'secp256r1', '-storetype', 'PKCS12',
         '-keystore', new File(keys, "${name}.p12").path, '-storepass', password, '-keypass', password,
         '-dname', dn, '-validity', '3650'])
    run([keytool, '-exportcert', '-rfc', '-alias', name, '-keystore', new File(keys, "${name}.p12").path,
         '-storepass', password, '-file', new File(keys, "${name}-cert.pem").path])
}
new File(basedir, 'signing-settings.xml').text = """<settings>
  <servers>
    <server>
      <id>hipdll-signing</id>
      <privateKey>${new File(keys, 'ci.p12').path}</privateKey>
      <passphrase>${password}</passphrase>
    </server>
  </servers>
</settings>
"""
return true
