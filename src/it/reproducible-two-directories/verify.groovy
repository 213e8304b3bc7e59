// Same sources, two directories, two copies of the SDK at two paths, outputTimestamp set:
// byte-identical DLLs (SHA-256) and provenance (but for where the SDK root came from), /Brepro
// passed, an explicit CUID per unit, and neither file names the directory it was built in.
import java.security.MessageDigest
def sha = { File f -> MessageDigest.getInstance('SHA-256').digest(f.bytes).encodeHex().toString() }
def a = new File(basedir, 'first/target/hipdll/coli_hip.dll')
def b = new File(basedir, 'second/nested/deeper/target/hipdll/coli_hip.dll')
assert a.isFile() && b.isFile()
assert sha(a) == sha(b) : "DLLs differ: ${sha(a)} vs ${sha(b)}"
def pa = new File(basedir, 'first/target/hipdll/provenance.json')
def pb = new File(basedir, 'second/nested/deeper/target/hipdll/provenance.json')
def json = new groovy.json.JsonSlurper().parse(pa)
def jsonB = new groovy.json.JsonSlurper().parse(pb)
[json, jsonB].each { j -> j.sdk.components.each { it.remove('origin') } }
assert json == jsonB : 'provenance documents differ'
assert new File(basedir, 'build.log').text.contains('sdk copy') : 'the second module did not use the SDK copy'
def steps = json.compiler.steps
assert json.compiler.driver == 'hipcc'
assert steps*.step == ['device:backend_cuda.cu:gfx1100', 'device:backend_cuda.cu:gfx1151', 'bundle:backend_cuda.cu',
        'host:backend_cuda.cu', 'device:cuda_chain.cu:gfx1100', 'device:cuda_chain.cu:gfx1151', 'bundle:cuda_chain.cu',
        'host:cuda_chain.cu', 'link'] : steps*.step
def link = steps.find { it.step == 'link' }.arguments
def device = steps.find { it.step == 'device:backend_cuda.cu:gfx1151' }.arguments
assert device.any { it ==~ /-cuid=[0-9a-f]{16}/ } : device
assert json.output.sha256 == sha(a)
assert json.outputTimestamp == '2026-01-01T00:00:00Z'
assert link.contains('-Wl,/Brepro')
assert device.contains('--hip-path=${HIP_SDK_ROOT}')
assert device.contains('src/main/hip/backend_cuda.cu')
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
