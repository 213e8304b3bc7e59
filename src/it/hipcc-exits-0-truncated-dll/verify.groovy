// Run 2's hipcc exited 0 with a truncated DLL: the build failed with a message naming the file and the
// problem; the DLL of run 1 is untouched (its published .sha256 still matches); no stamp, no temporary file.
import java.security.MessageDigest
def log = new File(basedir, 'build.log').text
def out = new File(basedir, 'target/hipdll')
def dll = new File(out, 'coli_hip.dll')
assert new File(basedir, 'hipcc-calls.log').readLines().size() == 2 : 'expected two links'
assert log.contains('the link exited 0 but its output is not a complete PE32+ DLL: ') : log
assert log =~ /\.tmp\/build-[0-9]+-[0-9a-f]+\/coli_hip\.dll: section '[^']+' raw data at offset 0x[0-9a-f]+: ends at 0x[0-9a-f]+ .* the image is truncated/ : log
assert log.contains('The file was deleted; the previous ') && log.contains('coli_hip.dll is unchanged') : log
assert !(log =~ /Caused by: java\./) : 'an I/O exception leaked into the error'
def published = new File(out, 'coli_hip.dll.sha256').text.trim().split(/\s+/)[0]
def actual = MessageDigest.getInstance('SHA-256').digest(dll.bytes).encodeHex().toString()
assert actual == published : "the previous DLL was changed: ${actual} != ${published}"
assert !new File(out, 'coli_hip.dll.stamp.json').exists() : 'a failed build must leave no stamp'
assert !new File(out, 'coli_hip.dll.stamp-pending.json').exists() : 'a failed build must leave no stamp'
assert !new File(out, '.tmp').exists() : 'temporary output left behind'
return true
