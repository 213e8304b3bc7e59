// The remote build cache between two "machines", with a real HTTP server:
// nginx with its DAV module on a free loopback port, started and stopped here.
//  A: its own local repository and local cache, builds (`clean verify`) and uploads (remote save enabled, as CI).
//  B: another directory, another local repository, an empty local cache, the stand-in SDK copied to another
//     path; `clean verify` restores the DLL from the remote, byte-identical, with no compiler started.
//  Then B misses and rebuilds with a changed SDK header, a changed clang, a changed hipcc, another hip.arch
//  and another toolset (hip.vcToolsVersion).
import java.nio.file.*
import java.security.MessageDigest

def NginxDav = new GroovyClassLoader(this.class.classLoader).parseClass(new File(itSupport, 'NginxDav.groovy'))
def missing = NginxDav.missing()
assert !missing : "CI=true and a prerequisite of this test is missing: ${missing}"

def sha = { File f -> MessageDigest.getInstance('SHA-256').digest(f.bytes).encodeHex().toString() }
def work = new File(basedir, 'work')
work.deleteDir()
work.mkdirs()
def url = { File f -> f.toURI().toString() }
def settings = new File(work, 'settings.xml')
// Each clone's own local repository resolves the plugin under test from the invoker's repository, then
// from the user's local repository, then Maven Central (as the other ITs do).
def policy = '<releases><checksumPolicy>ignore</checksumPolicy></releases><snapshots><checksumPolicy>ignore</checksumPolicy></snapshots>'
def repo = { String id, File dir -> "<repository><id>${id}</id><url>${url(dir)}</url>${policy}</repository>" }
def pluginRepo = { String id, File dir -> "<pluginRepository><id>${id}</id><url>${url(dir)}</url>${policy}</pluginRepository>" }
def itRepo = new File(localRepositoryPath.toString())
def outer = new File(outerRepository)
settings.text = """<settings><profiles><profile><id>it-repos</id><activation><activeByDefault>true</activeByDefault></activation>
  <repositories>${repo('it-plugin', itRepo)}${repo('outer', outer)}</repositories>
  <pluginRepositories>${pluginRepo('it-plugin', itRepo)}${pluginRepo('outer', outer)}</pluginRepositories>
</profile></profiles></settings>
"""
def ItClones = new GroovyClassLoader(this.class.classLoader).parseClass(new File(itSupport, 'ItClones.groovy'))
def clone = { String dir -> ItClones.clone(work, dir, basedir, pluginVersion, exampleDir) }
def copySdk = { String dir ->
    def d = new File(work, dir)
    d.deleteDir()
    def p = ['cp', '-a', standinSdk, d.path].execute()
    p.waitForProcessOutput(System.out, System.err)
    assert p.exitValue() == 0
    d
}
def mvn = new File(System.getProperty('maven.home'), 'bin/mvn').path
int runs = 0
def build = { File project, String machine, File sdk, List<String> args ->
    runs++
    def log = new File(work, "${runs}-${machine}.log")
    def cmd = [mvn, '-B', '-s', settings.path, "-Dmaven.repo.local=${new File(work, "repo-${machine}")}",
               "-Dmaven.build.cache.location=${new File(work, "local-cache-${machine}")}", '-f',
               new File(project, 'pom.xml').path, 'clean', 'verify'] + args
    def pb = new ProcessBuilder(cmd.collect { it.toString() }).directory(project).redirectErrorStream(true).redirectOutput(log)
    pb.environment().put('HIP_SDK_ROOT', sdk.path)
    pb.environment().remove('MAVEN_ARGS')
    def p = pb.start()
    p.waitFor()
    assert p.exitValue() == 0 : "build ${runs} (${machine}) failed, see ${log}:\n${log.text}"
    println "build ${runs} (${machine} ${args.findAll { !it.contains('remote.url') }}): ${log}"
    log.text
}
def stepLines = { String log -> log.readLines().findAll { it =~ /\] step \d+ of \d+: device compile .*\] \(/ } }

def a = clone('machine-a/backend')
def b = clone('machine-b/another/place/backend')
def sdkB = copySdk('machine-b/sdk at another path')
def dav = NginxDav.newInstance(new File(work, 'dav'))
int port = dav.port
try {
    def remote = "-Dmaven.build.cache.remote.url=${dav.url('hipdll-cache')}"

    // A builds and uploads.
    def logA = build(a, 'a', new File(standinSdk), [remote, '-Dmaven.build.cache.remote.save.enabled=true'])
    assert stepLines(logA).size() == 2 : 'A compiled both units for gfx1151: ' + stepLines(logA)
    def keyA = (logA =~ /HIP SDK and toolset key of remote-build-cache-backend for the build cache: (sha256:[0-9a-f]{64})/)
    assert keyA.find() : 'the build extension did not compute the SDK key'
    assert logA.contains("HIP SDK and toolset key ${keyA.group(1)}: the build cache's (sdkFingerprint)")
    assert !logA.contains('the HIP SDK is not in its key') : 'declared with <extensions>true</extensions>: no warning'
    assert !(logA =~ /(?i)unknown.*sdkFingerprint|sdkFingerprint.*unknown/) : 'sdkFingerprint reported as unknown'
    assert logA =~ /Saved to remote cache http:\/\/127\.0\.0\.1:${port}\/hipdll-cache\/.*buildinfo\.xml/ : 'A did not upload'
    assert logA =~ /Saved to remote cache http:\/\/127\.0\.0\.1:${port}\/hipdll-cache\/.*-windows-x86_64\.dll/ : 'A did not upload the DLL'
    def uploaded = []
    new File(dav.root, 'hipdll-cache').eachFileRecurse { if (it.isFile()) uploaded << it.name }
    assert uploaded.contains('buildinfo.xml') : "nothing on the server: ${uploaded}"
    def dllA = new File(a, 'target/hipdll/coli_hip.dll')
    def digestA = sha(dllA)

    // B: another directory, repository, local cache (empty) and SDK path: everything comes from the remote.
    def logB = build(b, 'b', sdkB, [remote])
    assert logB.contains("HIP SDK and toolset key of remote-build-cache-backend for the build cache: ${keyA.group(1)}") :
            'the SDK copy at another path must have the same key'
    assert logB.contains('Found cached build, restoring dev.hipdll.it:remote-build-cache-backend from cache by checksum') : 'B did not restore'
    assert logB.contains('Skipping plugin execution (cached): hipdll:build') : 'hipdll:build was not skipped in B'
    assert stepLines(logB).isEmpty() && !logB.contains('hipcc for gfx1151') : 'B started the compiler'
    def downloaded = logB.readLines().findAll { it.contains("Downloading http://127.0.0.1:${port}/hipdll-cache/") }
    println 'B restored from the remote:\n' + downloaded.join('\n')
    assert downloaded.any { it.contains('buildinfo.xml') } && downloaded.any { it =~ /-windows-x86_64\.dll$/ } :
            "the log does not say the DLL came from the remote: ${downloaded}"
    def dllB = new File(b, 'target/hipdll/coli_hip.dll')
    assert dllB.isFile() && sha(dllB) == digestA : 'B did not restore A\'s DLL byte for byte'
    assert new File(b, 'target/hipdll/coli_hip.dll.sha256').text.startsWith(digestA)
    assert new File(b, 'target/hipdll/provenance.json').text.contains(digestA)
    assert !logB.contains('Saved to remote cache') : 'B (a developer: remote save not enabled) uploaded'

    // B misses and rebuilds when the SDK, clang, hipcc, the targets or the toolset differ.
    def misses = [
        'a changed SDK header': { File sdk -> new File(sdk, 'include/hip/hip_runtime.h') << '\n// another SDK\n'; [] },
        'a changed clang'     : { File sdk -> new File(sdk, 'lib/llvm/bin/clang') << '\n# another clang\n'; [] },
        'a changed hipcc'     : { File sdk -> new File(sdk, 'bin/hipcc') << '\n# another hipcc\n'; [] },
        'another hip.arch'    : { File sdk -> ['-Dhip.arch=gfx1151,gfx1100'] },
        'another toolset'     : { File sdk -> ['-Dhip.vcToolsVersion=14.43'] },
    ]
    misses.each { what, change ->
        def sdk = copySdk('machine-b/sdk at another path')
        def extra = change(sdk)
        def log = build(b, 'b', sdk, [remote] + extra)
        assert !log.contains('Skipping plugin execution (cached): hipdll:build') : "${what}: B reused the cached DLL"
        assert !stepLines(log).isEmpty() : "${what}: B did not compile"
        if (extra.isEmpty()) {
            def key = (log =~ /for the build cache: (sha256:[0-9a-f]{64})/)
            assert key.find() && key.group(1) != keyA.group(1) : "${what}: the SDK key did not change"
            assert log.contains('Cache item not found') || log.contains('Remote cache is incomplete or missing') : "${what}: ${log}"
        } else {
            assert log.contains('Mojo cached parameters mismatch with actual, forcing full project build') : "${what}: not reconciled"
        }
        println "${what}: B missed and compiled (${stepLines(log).size()} device compiles)"
    }
} finally {
    dav.close()
}
assert !NginxDav.listening(port) : "port ${port} still open"
return true
