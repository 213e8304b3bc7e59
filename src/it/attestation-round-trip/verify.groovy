// Signed attestations round trip:
//  0. CI's build (invoker.goals) signed the DLL with the key of the settings.xml server, cached it, and its verify
//     checked the signature; the password is nowhere in the log.
//  1. A developer's `clean verify` (no key) restores the DLL from the build cache: hipdll:build is skipped, and
//     verify (runAlways) accepts the DLL because its restored attestation is signed by the trusted key.
//  2. Four tampered cache entries, each restored by a developer's `clean verify`, are rejected by
//     artifact.attestation: one byte of the DLL changed; the statement changed (the new DLL's digest, CI's old
//     signature); the wrong key (the attacker signs his own statement); the consistent rewrite of hole 2 (DLL,
//     .sha256, provenance.json, stamp and the cache's own buildinfo.xml, all rewritten to agree, without the key),
//     which -Dhip.provenance (artifact.sha256) still passes; and the same with the attestation taken out.
//  3. Standalone (no project): the published DLL with its .intoto.jsonl beside it passes; tampered, it fails.
import java.nio.file.*
import java.security.KeyStore
import java.security.MessageDigest
import java.security.Signature
import java.util.zip.ZipEntry
import java.util.zip.ZipFile
import java.util.zip.ZipOutputStream
import groovy.json.JsonOutput
import groovy.json.JsonSlurper

def sha = { byte[] b -> MessageDigest.getInstance('SHA-256').digest(b).encodeHex().toString() }
def password = new File(basedir, 'keys/password.txt').text

// 0. CI's build
def ci = new File(basedir, 'build-ci.log').text
assert ci =~ /attestation: signing with ECDSA P-256 SHA-256 key [0-9a-f]{16} \(CN=hipdll IT CI signer,O=hipdll tests\) from settings.xml server hipdll-signing/
assert ci.contains('attestation: ') && ci.contains('coli_hip.dll.intoto.jsonl (in-toto Statement v1, SLSA provenance v1, subject coli_hip.dll sha256')
assert ci.contains('and dll.intoto.jsonl)') : 'the attestation is attached with the DLL'
assert ci =~ /PASS +artifact\.attestation/ : 'CI verify checked its own signature'
assert !ci.contains(password) : 'the key password must never be logged'
assert !new File(basedir, 'target/hipdll/environment.txt').text.contains(password)
def ciDll = new File(basedir, 'target/hipdll/coli_hip.dll').bytes
def ciSha = sha(ciDll)
def line = new File(basedir, 'target/hipdll/coli_hip.dll.intoto.jsonl').readLines()[0]
def envelope = new JsonSlurper().parseText(line)
assert envelope.payloadType == 'application/vnd.in-toto+json'
def statement = new JsonSlurper().parse(Base64.decoder.decode(envelope.payload as String))
assert statement._type == 'https://in-toto.io/Statement/v1' && statement.predicateType == 'https://slsa.dev/provenance/v1'
assert statement.subject[0].digest.sha256 == ciSha
assert statement.predicate.runDetails.builder.id == 'https://ci.example.org/hipdll/attestation-round-trip'

// The cache entry CI saved, kept aside so that each case starts from it.
def entries = []
new File(basedir, 'build-cache-store').eachFileRecurse { if (it.name == 'buildinfo.xml') entries << it.parentFile }
assert entries.size() == 1 : "one cache entry expected: ${entries}"
def entry = entries[0]
def pristine = new File(basedir, 'cache-entry-of-ci')
pristine.deleteDir()
def copyTree = { File from, File to ->
    to.mkdirs()
    from.eachFile { Files.copy(it.toPath(), new File(to, it.name).toPath(), StandardCopyOption.REPLACE_EXISTING) }
}
copyTree(entry, pristine)

// Maven runs of a developer: offline, no signing key.
def mvn = new File(System.getProperty('maven.home'), 'bin/mvn').path
def ItSettings = new GroovyClassLoader(this.class.classLoader).parseClass(new File(itSupport, 'ItSettings.groovy'))
def settings = ItSettings.offline(basedir)
int n = 0
def maven = { File dir, List<String> args, boolean pass ->
    n++
    def log = new File(basedir, "developer-${n}.log")
    def cmd = [mvn, '-B', '-o', '-s', settings.path, "-Dmaven.repo.local=${localRepositoryPath}", "-Dhip.sdkRoot=${standinSdk}"] + args
    def p = new ProcessBuilder(cmd.collect { it.toString() }).directory(dir).redirectErrorStream(true).redirectOutput(log).start()
    p.waitFor()
    assert (p.exitValue() == 0) == pass : "run ${n} ${args}: expected ${pass ? 'success' : 'failure'}, see ${log}:\n${log.text}"
    assert !log.text.contains(password)
    log.text
}
def verdicts = { ->
    def report = new JsonSlurper().parse(new File(basedir, 'target/hipdll/verify.json'))
    report.checks.collectEntries { [(it.id): it] }
}
def restore = { List<String> extra, boolean pass ->
    def log = maven(basedir, ['clean', 'verify'] + extra, pass)
    assert log.contains('Found cached build, restoring') && log.contains('Skipping plugin execution (cached): hipdll:build') :
            "run ${n}: not restored from the cache"
    assert !(log =~ /step \d+ of \d+: /) : "run ${n}: something was compiled"
    log
}

// 1. The good entry.
def good = restore([], true)
def att = verdicts()['artifact.attestation']
assert att.verdict == 'PASS' && att.found.startsWith('signed by CN=hipdll IT CI signer,O=hipdll tests') : att
assert att.details.any { it.contains('required: hipdll:build did not run in this Maven build') && it.contains('Build Cache Extension') } : att
assert sha(new File(basedir, 'target/hipdll/coli_hip.dll').bytes) == ciSha

// The attacker writes the cache entry: each logical file in both places the cache keeps it (an attached artifact,
// and the zip of target/hipdll), and buildinfo.xml's hash and size of every file changed.
def attached = [dll: 'attestation-round-trip-windows-x86_64.dll', sha256: 'attestation-round-trip-windows-x86_64.dll.sha256',
                provenance: 'attestation-round-trip-windows-x86_64-provenance.json',
                attestation: 'attestation-round-trip-windows-x86_64.dll.intoto.jsonl']
def zipped = [dll: ['coli_hip.dll'], sha256: ['attestation-round-trip-1.0-windows-x86_64.dll.sha256', 'coli_hip.dll.sha256'],
              provenance: ['provenance.json'], stamp: ['coli_hip.dll.stamp.json'], attestation: ['coli_hip.dll.intoto.jsonl']]
def tamper = { Map<String, Closure> change, List<String> drop = [] ->
    entry.eachFile { it.delete() }
    copyTree(pristine, entry)
    def info = new File(entry, 'buildinfo.xml')
    def infoText = info.text
    def rehash = { byte[] before, byte[] after ->
        infoText = infoText.replace("<fileHash>${sha(before)}</fileHash>", "<fileHash>${sha(after)}</fileHash>")
        infoText = infoText.replaceFirst("(<fileHash>${sha(after)}</fileHash>\\s*<fileSize>)${before.length}(</fileSize>)",
                "\$1${after.length}\$2")
    }
    drop.each { name ->
        assert new File(entry, attached[name]).delete()
        infoText = infoText.replaceFirst("(?s)<attachedArtifact>(?:(?!</attachedArtifact>).)*<fileName>${attached[name]}</fileName>.*?</attachedArtifact>\\s*", '')
        assert !infoText.contains(attached[name])
    }
    change.each { name, fn ->
        if (attached[name]) {
            def f = new File(entry, attached[name])
            def before = f.bytes
            f.bytes = fn(before) as byte[]
            rehash(before, f.bytes)
        }
    }
    def zip = entry.listFiles().find { it.name.endsWith('-extra-output-1.zip') }
    def zipBefore = zip.bytes
    def out = new ByteArrayOutputStream()
    new ZipFile(zip).withCloseable { z ->
        new ZipOutputStream(out).withCloseable { zo ->
            z.entries().each { ZipEntry e ->
                byte[] data = z.getInputStream(e).bytes
                def name = zipped.find { k, v -> e.name in v }?.key
                if (name in drop) {
                    return
                }
                if (name && change[name]) {
                    data = change[name](data) as byte[]
                }
                zo.putNextEntry(new ZipEntry(e.name))
                zo.write(data)
                zo.closeEntry()
            }
        }
    }
    zip.bytes = out.toByteArray()
    rehash(zipBefore, zip.bytes)
    info.text = infoText
}
// another DLL: one byte of the COFF time stamp, which no check reads
byte[] evilDll = ciDll.clone()
int pe = (evilDll[0x3c] & 0xff) | (evilDll[0x3d] & 0xff) << 8
evilDll[pe + 8] = (byte) (evilDll[pe + 8] ^ 0x55)
def evilSha = sha(evilDll)
def withEvilDigest = { byte[] b -> new String(b, 'UTF-8').replace(ciSha, evilSha).getBytes('UTF-8') }
def payloadReplaced = { byte[] b, Closure<byte[]> sign ->
    def env = new JsonSlurper().parseText(new String(b, 'UTF-8').readLines()[0])
    byte[] payload = withEvilDigest(Base64.decoder.decode(env.payload as String))
    def sigs = sign == null ? env.signatures : [[keyid: 'attacker', sig: Base64.encoder.encodeToString(sign(payload))]]
    (JsonOutput.toJson([payload: Base64.encoder.encodeToString(payload), payloadType: env.payloadType,
                        signatures: sigs]) + '\n').getBytes('UTF-8')
}
def attackerSign = { byte[] payload ->
    def store = KeyStore.getInstance('PKCS12')
    new File(basedir, 'keys/attacker.p12').withInputStream { store.load(it, password.toCharArray()) }
    def type = 'application/vnd.in-toto+json'
    def pae = new ByteArrayOutputStream()
    pae.write("DSSEv1 ${type.length()} ${type} ${payload.length} ".getBytes('US-ASCII'))
    pae.write(payload)
    def s = Signature.getInstance('SHA256withECDSA')
    s.initSign(store.getKey('attacker', password.toCharArray()))
    s.update(pae.toByteArray())
    s.sign()
}
def rejected = { String why, List<String> extra ->
    def log = restore(extra, false)
    def v = verdicts()
    assert v['artifact.attestation'].verdict == 'FAIL' : "${why}: ${v['artifact.attestation']}"
    assert log.contains('check(s) failed: artifact.attestation') : "${why}: the goal failed for another reason"
    assert sha(new File(basedir, 'target/hipdll/coli_hip.dll').bytes) == evilSha : "${why}: the tampered DLL was restored"
    println "rejected (${why}): ${v['artifact.attestation'].found}"
    v
}

// 2a. One byte of the DLL changed (nothing else).
tamper([dll: { b -> evilDll }])
def v = rejected('one byte of the DLL changed', [])
assert v['artifact.attestation'].found.contains("but its subject is 'coli_hip.dll' sha256 ${ciSha}")

// 2b. The statement changed: the tampered DLL's digest in the payload, CI's signature kept.
tamper([dll: { b -> evilDll }, attestation: { b -> payloadReplaced(b, null) }])
v = rejected('statement changed', [])
assert v['artifact.attestation'].found.contains('no signature by a trusted key')

// 2c. The wrong key: the attacker signs a statement of his DLL with his own key.
tamper([dll: { b -> evilDll }, attestation: { b -> payloadReplaced(b, attackerSign) }])
v = rejected('wrong key', [])
assert v['artifact.attestation'].found.contains("no signature by a trusted key (1 signature(s), keyid 'attacker'")

// 2d. Hole 2: DLL, .sha256, provenance.json, stamp and buildinfo.xml rewritten consistently, no key.
tamper([dll: { b -> evilDll }, sha256: withEvilDigest, provenance: withEvilDigest, stamp: withEvilDigest])
v = rejected('consistent rewrite of the cache entry', ['-Dhip.provenance=target/hipdll/provenance.json'])
assert v['artifact.sha256'].verdict == 'PASS' : 'the provenance guard alone is fooled by the consistent rewrite'
assert new File(basedir, 'target/hipdll/provenance.json').text.contains(evilSha)

// 2e. Hole 2 with the attestation taken out of the entry: only the rule that a DLL this build did not link needs
//     one catches it.
tamper([dll: { b -> evilDll }, sha256: withEvilDigest, provenance: withEvilDigest, stamp: withEvilDigest], ['attestation'])
v = rejected('consistent rewrite without an attestation', ['-Dhip.provenance=target/hipdll/provenance.json'])
assert v['artifact.attestation'].found.startsWith('no attestation at ')
assert v['artifact.sha256'].verdict == 'PASS'
assert !new File(basedir, 'target/hipdll/coli_hip.dll.intoto.jsonl').exists()

// 3. Standalone: a published DLL and its attestation, no project.
tamper([:])
def downloads = new File(basedir, 'downloads')
downloads.deleteDir()
downloads.mkdirs()
def published = new File(downloads, 'attestation-round-trip-1.0-windows-x86_64.dll')
published.bytes = ciDll
new File(downloads, published.name + '.intoto.jsonl').bytes = new File(entry, attached.attestation).bytes
def standalone = { boolean pass, List<String> extra, String trusted = new File(basedir, 'keys/ci-cert.pem').path ->
    maven(downloads, ["dev.hipdll:hipdll-maven-plugin:${pluginVersion}:verify", "-Dhip.dll=${published}",
                      "-Dhip.attestation.trustedKeys=${trusted}",
                      "-Dhip.reportDirectory=${new File(basedir, 'standalone-reports')}"] + extra, pass)
}
def alone = standalone(true, [])
assert alone =~ /PASS +artifact\.attestation/ && alone.contains('required: no project') : alone
// a key rotation: two trusted keys, comma-separated; the signer is named
alone = standalone(true, [], "${new File(basedir, 'keys/attacker-cert.pem')},${new File(basedir, 'keys/ci-cert.pem')}")
assert alone =~ /PASS +artifact\.attestation .*signed by CN=hipdll IT CI signer/ : alone
alone = standalone(false, [], new File(basedir, 'keys/attacker-cert.pem').path)
assert alone.contains('no signature by a trusted key') : 'trusting only another key, CI\'s attestation does not pass'
published.bytes = evilDll
alone = standalone(false, [])
assert alone =~ /FAIL +artifact\.attestation/ : alone
// the attestation named explicitly, elsewhere
published.bytes = ciDll
def elsewhere = new File(basedir, 'attestation-elsewhere.intoto.jsonl')
Files.move(new File(downloads, published.name + '.intoto.jsonl').toPath(), elsewhere.toPath(), StandardCopyOption.REPLACE_EXISTING)
standalone(false, [])
standalone(true, ["-Dhip.attestation=${elsewhere}"])
return true
