// hipdll:build is incremental: each input change causes exactly one rebuild, an unchanged build
// does not start the compiler and says so, and only a successful build (and verify) leaves a stamp.
def calls = new File(basedir, 'hipcc-calls.log')
def callCount = { calls.readLines().findAll { it.trim() }.size() }
def out = new File(basedir, 'target/hipdll')
def dll = new File(out, 'coli_hip.dll')
def stamp = new File(out, 'coli_hip.dll.stamp.json')
def pending = new File(out, 'coli_hip.dll.stamp-pending.json')

// 1. invoker ran `package` twice: one compile, then "up to date".
def invokerLog = new File(basedir, 'build.log').text
assert callCount() == 1 : "package twice should start hipcc once, started ${callCount()} times"
assert invokerLog.contains('rebuilding coli_hip.dll: no stamp of a previous successful build (no coli_hip.dll yet: a first build, or one after clean)')
assert invokerLog.contains('coli_hip.dll is up to date') && invokerLog.contains('hipcc not started')
assert stamp.isFile() && !pending.exists()
def stampJson = new groovy.json.JsonSlurper().parse(stamp)
def headers = stampJson.headers*.path
assert headers.any { it.endsWith('src/main/hip/include/ops.h') } : headers
assert headers.any { it.endsWith('sdk/include/hip/hip_runtime.h') } : headers
assert !headers.any { it.endsWith('unused.h') } : 'the stamp lists what the compiler read, not a directory glob'
assert stampJson.targets == ['gfx1151']
assert stampJson.sdk.find { it.name == 'hipcc' }.file.sha256 ==~ /[0-9a-f]{64}/

// Further Maven runs, offline, on the invoker's local repository (ItSettings says why its settings).
def mvn = new File(System.getProperty('maven.home'), 'bin/mvn').path
def ItSettings = new GroovyClassLoader(this.class.classLoader).parseClass(new File(itSupport, 'ItSettings.groovy'))
def settings = ItSettings.offline(basedir)
int step = 0
def props = ['-Dhip.arch=gfx1151', '-Dcoli.define=COLI_IT=1']
def extraEnv = [:]   // variables added to Maven's (and so hipcc's) environment
def maven = { List<String> args ->
    step++
    def cmd = [mvn, '-B', '-o', '-s', settings.path, "-Dmaven.repo.local=${localRepositoryPath}", '-f', new File(basedir, 'pom.xml').path] + props + args
    def log = new File(basedir, "step-${step}.log")
    def pb = new ProcessBuilder(cmd.collect { it.toString() }).directory(basedir).redirectErrorStream(true)
            .redirectOutput(log)
    pb.environment().putAll(extraEnv)
    def p = pb.start()
    p.waitFor()
    [exit: p.exitValue(), log: log.text]
}
// Runs `package` and expects exactly `rebuilds` compiler starts and, when rebuilding, `reason` in the log;
// then runs it again and expects no start and "up to date".
def expect = { int rebuilds, String reason, List<String> args = ['package'] ->
    int before = callCount()
    def r = maven(args)
    assert r.exit == 0 : "step ${step} failed:\n${r.log}"
    assert callCount() - before == rebuilds : "step ${step}: expected ${rebuilds} rebuild(s), got ${callCount() - before}\n${r.log}"
    if (rebuilds) {
        assert r.log.contains('rebuilding coli_hip.dll: ' + reason) : "step ${step}: reason '${reason}' missing:\n${r.log}"
        before = callCount()
        def again = maven(['package'])
        assert again.exit == 0 && callCount() == before : "step ${step}: not up to date after the rebuild:\n${again.log}"
        assert again.log.contains('coli_hip.dll is up to date')
    } else {
        assert r.log.contains('coli_hip.dll is up to date') : r.log
    }
    r
}

// A third package, from this script: still up to date (same environment, same inputs).
expect(0, null)

def ops = new File(basedir, 'src/main/hip/include/ops.h')
// Variables that cannot change the compiler's output do not rebuild; nor does naming the SDK's root
// through HIP_SDK_ROOT (the resolved components decide, and they are the same).
extraEnv.putAll([FOO: '1', SSH_CONNECTION: '10.0.0.1 22 10.0.0.2 22', TMP: System.getProperty('java.io.tmpdir'),
                 HIP_SDK_ROOT: new File(basedir, 'sdk').path])
expect(0, null)
// The same SDK root spelled another way: the resolved components decide, not the parameter's text.
props << "-Dit.sdkRoot=${new File(basedir, 'sdk/../sdk').path}".toString()
expect(0, null)
props.remove(props.size() - 1)
// CPATH is scrubbed (clang reads it): it never reaches the compiler, so it rebuilds nothing.
extraEnv.CPATH = new File(basedir, 'src/main/hip/include').path
expect(0, null)
// Kept on purpose (-Dhip.keepVariables=CPATH), it reaches clang: exactly one rebuild, saying which.
props << '-Dhip.keepVariables=CPATH'
extraEnv.clear()
expect(1, 'hip.keepVariables changed')
extraEnv.CPATH = new File(basedir, 'src/main/hip/include').path
expect(1, 'environment variable CPATH appeared')
extraEnv.clear()
expect(1, 'environment variable CPATH is no longer set')
props.remove(props.size() - 1)
expect(1, 'hip.keepVariables changed')

// A timestamp alone is no change: the stamp is content-addressed.
ops.setLastModified(ops.lastModified() + 10000)
expect(0, null)
// A header nobody includes is no input at all.
new File(basedir, 'src/main/hip/include/unused.h') << '/* edited */\n'
expect(0, null)
// Touching an included header (changing its content).
ops << '/* edited by the IT */\n'
expect(1, 'header include/ops.h changed')
// hip.arch.
props[0] = '-Dhip.arch=gfx1151,gfx1100'
expect(1, 'hip.arch changed: gfx1151 → gfx1151,gfx1100')
props[0] = '-Dhip.arch=gfx1151'
expect(1, 'hip.arch changed: gfx1151,gfx1100 → gfx1151')
// A define.
props[1] = '-Dcoli.define=COLI_IT=2'
expect(1, 'defines changed: COLI_IT=1 → COLI_IT=2')
// The SDK's hipcc.
new File(basedir, 'sdk/bin/hipcc') << '# changed by the IT\n'
expect(1, "SDK hipcc changed (${new File(basedir, 'sdk/bin/hipcc').canonicalPath})")
// The output DLL replaced, then deleted.
dll.bytes = new File(basedir, 'sdk/bin/amdhip64_7.dll').bytes
expect(1, 'output coli_hip.dll was modified after it was built')
assert dll.delete()
expect(1, 'output coli_hip.dll is missing')
// -Dhip.force.
expect(1, 'hip.force is set', ['package', '-Dhip.force=true'])

// verify in the same build: the stamp stays pending until verify passed.
props[1] = '-Dcoli.define=COLI_IT=3'
def failing = maven(['verify', '-Dhip.allowedImports=KERNEL32.dll'])
assert failing.exit != 0 : failing.log
assert failing.log.contains('build stamp pending until hipdll:verify passes') : failing.log
assert failing.log.contains('hipdll:verify rejected')
assert !stamp.exists() && !pending.exists() : 'a DLL that failed verify has no stamp'
def passing = maven(['verify'])
assert passing.exit == 0 : passing.log
assert passing.log.contains('rebuilding coli_hip.dll: no stamp of a previous successful build: the last build of coli_hip.dll failed or was stopped, or hipdll:verify rejected it') : passing.log
assert passing.log.contains('build stamp pending until hipdll:verify passes')
assert passing.log.contains("build stamp written: ${stamp.canonicalPath}")
assert stamp.isFile() && !pending.exists()
def verifyJson = new File(out, 'verify.json')
def verifyXml = new File(out, 'TEST-hipdll-verify.xml')
assert verifyJson.isFile() && verifyXml.isFile()
assert java.nio.file.Files.getPosixFilePermissions(verifyJson.toPath()).contains(java.nio.file.attribute.PosixFilePermission.OTHERS_READ)
assert java.nio.file.Files.getPosixFilePermissions(verifyXml.toPath()).contains(java.nio.file.attribute.PosixFilePermission.OTHERS_READ)
expect(0, null)

// A failed build leaves no stamp and no verify report of the previous DLL (CI must not find a stale
// pass), and says why in its first line.
def cu = new File(basedir, 'src/main/hip/cuda_chain.cu')
def good = cu.text
cu.text = good.replace('static int g_chain_used[4];', 'static __always_inline int g_chain_used[4];')
int before = callCount()
def broken = maven(['package'])
assert broken.exit != 0 && callCount() == before : 'a failed compile step must stop the build before the link:\n' + broken.log
assert broken.log.contains('rebuilding coli_hip.dll: source cuda_chain.cu changed')
assert broken.log.contains("unknown type name '__always_inline': a CUDA, GCC or MSVC source idiom") : broken.log
assert !stamp.exists() && !pending.exists() : 'a failed build leaves no stamp'
assert !verifyJson.exists() && !verifyXml.exists() : 'a rebuild deletes the previous verify reports'
assert broken.log.contains('deleted the stale verify report') : broken.log
def diagnosis = new File(out, 'diagnosis.txt').readLines()
assert diagnosis[0] ==~ /failed step: device compile cuda_chain\.cu \[gfx1151\]/ : diagnosis
assert diagnosis[1].startsWith("unknown type name '__always_inline'") : diagnosis
cu.text = good
expect(1, 'no stamp of a previous successful build: the last build of coli_hip.dll failed or was stopped')

// an empty pin (-Dhip.vcToolsVersion=, as a script may pass an unset variable) is no pin: nothing is rebuilt
expect(0, null, ['package', '-Dhip.vcToolsVersion=', '-Dhip.windowsSdkVersion='])
return true
