// hip.driver=hipcc and hip.driver=clang built byte-identical DLLs; the clang build ran clang itself
// (no hipcc in its build.log) with hipcc's link flags, the hipcc build ran hipcc for every step but the bundles.
import java.security.MessageDigest
def sha = { File f -> MessageDigest.getInstance('SHA-256').digest(f.bytes).encodeHex().toString() }
def a = new File(basedir, 'hipcc/target/hipdll/coli_hip.dll')
def b = new File(basedir, 'clang/target/hipdll/coli_hip.dll')
assert a.isFile() && b.isFile()
assert sha(a) == sha(b) : "hipcc and clang drivers gave different DLLs: ${sha(a)} vs ${sha(b)}"
def viaClang = new File(basedir, 'clang/target/hipdll/build.log').readLines().findAll { it.contains('] $ ') }
def viaHipcc = new File(basedir, 'hipcc/target/hipdll/build.log').readLines().findAll { it.contains('] $ ') }
assert viaClang.size() == 9 && viaHipcc.size() == 9
assert viaClang.every { !it.contains('/bin/hipcc ') } : viaClang
assert viaClang.find { it.startsWith('[link ') }.contains('/lib/llvm/bin/clang --hip-link -fuse-ld=lld --ld-path=')
assert viaHipcc.findAll { !it.startsWith('[bundle ') }.every { it.contains('/bin/hipcc ') } : viaHipcc
def prov = new groovy.json.JsonSlurper().parse(new File(basedir, 'clang/target/hipdll/provenance.json'))
assert prov.compiler.driver == 'clang'
return true
