// Every other check passes; the digest check fails with both digests and fails the build.
import java.security.MessageDigest
def log = new File(basedir, 'build.log').text
def dll = new File(basedir, 'target/hipdll/coli_hip.dll')
def digest = MessageDigest.getInstance('SHA-256').digest(dll.bytes).encodeHex().toString()
assert log =~ /FAIL\s+artifact\.sha256/ : 'artifact.sha256 did not fail'
assert log.contains(digest.substring(0, 40)) : 'the actual digest is not shown'
assert log =~ /PASS\s+exports\.required/ && log =~ /PASS\s+device-code\.targets/ : 'the other checks should still run and pass'
assert log.contains('1 check(s) failed')
return true
