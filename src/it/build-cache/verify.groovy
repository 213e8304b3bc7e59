// The first build compiled; the second, after clean, restored the DLL from the build cache and
// never ran hipdll:build (no hipcc command, no progress line).
def first = new File(basedir, 'build-first.log').text
def second = new File(basedir, 'build-second.log').text
assert first =~ /step \d+ of \d+: device compile backend_cuda.cu \[gfx1151\] \(/ : 'the first build did not compile'
assert first.contains('Local build was not found by checksum') : 'the first build must start with an empty cache'
assert first.contains('Saved Build to local file') : 'the first build did not save to the cache'
// declared without <extensions>true</extensions>: the cache key misses the SDK, and the build says so
assert first.contains('the Build Cache Extension is configured') && first.contains('declare hipdll-maven-plugin with <extensions>true</extensions>')
assert second.contains('Found cached build, restoring') : 'the second build did not restore from the cache'
assert second.contains('Skipping plugin execution (cached): hipdll:build') : 'hipdll:build was not skipped as cached'
assert !(second =~ /step \d+ of \d+: /) && !second.contains('hipcc for gfx1151') : 'hipcc ran in the second build'
assert second.contains('BUILD SUCCESS')
def dll = new File(basedir, 'target/hipdll/coli_hip.dll')
assert dll.isFile() : 'DLL not restored'
def sha = new File(basedir, 'target/hipdll/coli_hip.dll.sha256')
assert sha.isFile() : 'checksum not restored'
import java.security.MessageDigest
def digest = MessageDigest.getInstance('SHA-256').digest(dll.bytes).encodeHex().toString()
assert sha.text.startsWith(digest) : 'the restored DLL is not the one the first build made'
assert new File(basedir, 'target/hipdll/provenance.json').text.contains(digest)
// The HIP sources are cache inputs: a changed source would miss the cache instead of reusing a stale DLL.
def info = new File(basedir, 'build-cache-store').listFiles().collect { it }
def buildinfo = []
new File(basedir, 'build-cache-store').eachFileRecurse { if (it.name == 'buildinfo.xml') buildinfo << it }
assert buildinfo.size() == 1 : "expected one cached build: ${buildinfo}"
def inputs = buildinfo[0].text
['src/main/hip/backend_cuda.cu', 'src/main/hip/cuda_chain.cu', 'src/main/hip/include/coli_cuda.h'].each {
    assert inputs.contains(it) : "${it} is not a cache input"
}
assert inputs =~ /<property name="arch" tracked="true">gfx1151<\/property>/ : 'hip.arch is not reconciled'
return true
