// hip.compilerLauncher=ccache with ccache's HTTP remote storage, the remote a real
// server: nginx with its DAV module on a free loopback port, started and stopped here.
//  A (its own CCACHE_DIR) fills local and remote storage: every compile is a miss.
//  B, at another path with its own empty CCACHE_DIR, after editing one translation unit: the other unit's
//    compiles are remote hits, only the edited unit's compiles miss (ccache's own statistics).
//  C, at a third path, the same sources as B without a launcher: its DLL is B's, byte for byte.
import java.nio.file.*
import java.security.MessageDigest

def NginxDav = new GroovyClassLoader(this.class.classLoader).parseClass(new File(itSupport, 'NginxDav.groovy'))
def missing = NginxDav.missing(['ccache'])
assert !missing : "CI=true and a prerequisite of this test is missing: ${missing}"

def sha = { File f -> MessageDigest.getInstance('SHA-256').digest(f.bytes).encodeHex().toString() }
def work = new File(basedir, 'work')
work.deleteDir()
work.mkdirs()
def ItSettings = new GroovyClassLoader(this.class.classLoader).parseClass(new File(itSupport, 'ItSettings.groovy'))
def settings = ItSettings.offline(work)
def ItClones = new GroovyClassLoader(this.class.classLoader).parseClass(new File(itSupport, 'ItClones.groovy'))
def clone = { String dir -> ItClones.clone(work, dir, basedir, pluginVersion, exampleDir) }
def mvn = new File(System.getProperty('maven.home'), 'bin/mvn').path
def build = { File project, Map<String, String> env, List<String> args ->
    def log = new File(project, 'build.log')
    def cmd = [mvn, '-B', '-o', '-s', settings.path, "-Dmaven.repo.local=${localRepositoryPath}",
               "-Dhip.sdkRoot=${standinSdk}", '-f', new File(project, 'pom.xml').path, 'package'] + args
    def pb = new ProcessBuilder(cmd.collect { it.toString() }).directory(project).redirectErrorStream(true).redirectOutput(log)
    pb.environment().keySet().removeAll { it.startsWith('CCACHE_') || it.startsWith('SCCACHE_') }
    pb.environment().putAll(env)
    def p = pb.start()
    p.waitFor()
    assert p.exitValue() == 0 : "build in ${project} failed:\n${log.text}"
    log.text
}
def stats = { File dir ->
    def pb = new ProcessBuilder('ccache', '--print-stats').redirectErrorStream(true)
    pb.environment().put('CCACHE_DIR', dir.path)
    def p = pb.start()
    def out = p.inputStream.text
    p.waitFor()
    assert p.exitValue() == 0 : out
    def m = [:].withDefault { 0L }
    out.eachLine { l -> def kv = l.split('\t'); if (kv.length == 2 && kv[1].isLong()) m[kv[0]] = kv[1].toLong() }
    m
}
def hits = { m -> m.direct_cache_hit + m.preprocessed_cache_hit }
def edit = { File project ->
    new File(project, 'src/main/hip/cuda_chain.cu') << '\n__global__ void launcher_it_kernel(float *x) { x[0] = 3.0f; }\n'
}

def a = clone('machine-a/backend')
def b = clone('machine-b/somewhere/else/backend')
def c = clone('machine-c/backend')
edit(b)
edit(c)
def dav = NginxDav.newInstance(new File(work, 'dav'))
int port = dav.port
try {
    def remote = dav.url('ccache')
    def ccA = new File(work, 'ccache-a')
    def ccB = new File(work, 'ccache-b')
    def logA = build(a, [CCACHE_DIR: ccA.path, CCACHE_REMOTE_STORAGE: remote], ['-Dhip.compilerLauncher=ccache'])
    assert logA =~ /compiler launcher ccache \(\/.*ccache\): wraps 4 device compiles and 2 host compiles; not 2 bundles, the link/
    assert logA.contains('kept CCACHE_DIR (for the compiler launcher ccache (hip.compilerLauncher))')
    assert logA.contains('kept CCACHE_REMOTE_STORAGE (for the compiler launcher ccache (hip.compilerLauncher))')
    def sA = stats(ccA)
    println "A: ${sA.findAll { it.value }}"
    assert sA.cache_miss == 6 && hits(sA) == 0 : "A: every compile (2 units x 2 targets + 2 host) misses: ${sA}"
    assert sA.remote_storage_write > 0 : "A wrote nothing to the remote: ${sA}"
    def onServer = []
    new File(dav.root, 'ccache').eachFileRecurse { if (it.isFile()) onServer << it }
    assert onServer.size() >= 6 : "the remote holds ${onServer.size()} entries"

    def logB = build(b, [CCACHE_DIR: ccB.path, CCACHE_REMOTE_STORAGE: remote], ['-Dhip.compilerLauncher=ccache'])
    def sB = stats(ccB)
    println "B: ${sB.findAll { it.value }}"
    assert hits(sB) == 3 : "B: backend_cuda.cu's 2 device compiles and its host compile hit: ${sB}"
    assert sB.remote_storage_hit == 3 : "B's hits came from the remote: ${sB}"
    assert sB.cache_miss == 3 : "B: only cuda_chain.cu's 3 compiles miss: ${sB}"
    def prov = new groovy.json.JsonSlurper().parse(new File(b, 'target/hipdll/provenance.json'))
    assert prov.compiler.launcher == [name: 'ccache', wrapped: ['device compile', 'host compile']] : prov.compiler.launcher

    // C: the same sources without a launcher; its CCACHE_* variables are scrubbed, ccache never runs.
    def ccC = new File(work, 'ccache-c')
    def logC = build(c, [CCACHE_DIR: ccC.path, CCACHE_REMOTE_STORAGE: remote], [])
    assert logC.contains('removed CCACHE_DIR (read by a compiler launcher (ccache, sccache); hip.compilerLauncher is not set)')
    assert !logC.contains('compiler launcher ccache')
    assert !new File(ccC, 'stats').exists() && stats(ccC).cache_miss == 0 : 'ccache ran without hip.compilerLauncher'
    def dllB = new File(b, 'target/hipdll/coli_hip.dll')
    def dllC = new File(c, 'target/hipdll/coli_hip.dll')
    assert sha(dllB) == sha(dllC) : "the DLL built from ccache hits (${sha(dllB)}) is not the one built without (${sha(dllC)})"
    def provC = new groovy.json.JsonSlurper().parse(new File(c, 'target/hipdll/provenance.json'))
    assert provC.compiler.launcher == null
    println "B's DLL from 3 remote hits = C's DLL without ccache: ${sha(dllB)}"
} finally {
    dav.close()
}
assert !NginxDav.listening(port) : "port ${port} still open"
return true
