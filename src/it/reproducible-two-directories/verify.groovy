// Same sources, two directories, outputTimestamp set: byte-identical DLLs (SHA-256) and provenance,
// /Brepro passed, and neither file names the directory it was built in.
import java.security.MessageDigest
def sha = { File f -> MessageDigest.getInstance('SHA-256').digest(f.bytes).encodeHex().toString() }
def a = new File(basedir, 'first/target/hipdll/coli_hip.dll')
def b = new File(basedir, 'second/nested/deeper/target/hipdll/coli_hip.dll')
assert a.isFile() && b.isFile()
assert sha(a) == sha(b) : "DLLs differ: ${sha(a)} vs ${sha(b)}"
def pa = new File(basedir, 'first/target/hipdll/provenance.json')
def pb = new File(basedir, 'second/nested/deeper/target/hipdll/provenance.json')
assert pa.text == pb.text : 'provenance documents differ'
def json = new groovy.json.JsonSlurper().parse(pa)
assert json.output.sha256 == sha(a)
assert json.outputTimestamp == '2026-01-01T00:00:00Z'
assert json.compiler.arguments.contains('-Wl,/Brepro')
assert json.compiler.arguments.contains('--hip-path=${HIP_SDK_ROOT}')
assert json.compiler.arguments.contains('src/main/hip/backend_cuda.cu')
assert json.sources*.path.containsAll(['src/main/hip/backend_cuda.cu', 'src/main/hip/cuda_chain.cu', 'src/main/hip/include/coli_cuda.h'])
// No machine path in the provenance, and the build directory appears in neither file.
def text = pa.text
assert !text.contains(basedir.absolutePath) : 'provenance names the build directory'
def latin = new String(a.bytes, 'ISO-8859-1')
assert !latin.contains(basedir.absolutePath) && !latin.contains('/target/it/') : 'the DLL names the build directory'
assert new File(basedir, 'first/target/hipdll/build.log').text.contains('-Wl,/Brepro')
// The second module verified its DLL against the first build's provenance.
def log = new File(basedir, 'build.log').text
assert log =~ /PASS\s+artifact\.sha256/ : 'artifact.sha256 check missing'
return true
