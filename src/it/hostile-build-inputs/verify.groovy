// Build half, end to end.
import java.security.MessageDigest
def calls = new File(basedir, 'hipcc-calls.log')
def callCount = { calls.isFile() ? calls.readLines().findAll { it.trim() }.size() : 0 }
def hip = new File(basedir, 'src/main/hip')
def out = new File(basedir, 'target/hipdll')
def stamp = new File(out, 'coli_hip.dll.stamp.json')
def sha = { File f -> MessageDigest.getInstance('SHA-256').digest(f.bytes).encodeHex().toString() }

// item 7: the loops ended, were named, and each real translation unit was compiled once
def first = new File(basedir, 'build.log').text
assert first.contains("${hip}/loop -> . leads back to ${hip}: a symbolic link cycle, not followed") : first
assert first.contains("${hip}/include/loop2 -> .. leads back to ${hip}: a symbolic link cycle, not followed") : first
assert first.contains('hipcc for gfx1151: 2 translation unit(s)') : first
assert first.contains('DLL VERIFIED') : first
assert callCount() == 1
// item 9: provenance.json names the variables the compiler saw (names only), after the scrub
def prov = new groovy.json.JsonSlurper().parse(new File(out, 'provenance.json'))
def seen = prov.compiler.environment
assert seen.containsAll(['HIP_PATH', 'HIP_PLATFORM', 'HIP_CLANG_PATH', 'HIP_DEVICE_LIB_PATH', 'PATH', 'HIPDLL_PROCESS_TREE']) : seen
assert seen == seen.sort(false) : 'sorted'
assert !seen.any { it in ['CPATH', 'CCC_OVERRIDE_OPTIONS', 'LIBRARY_PATH', 'CUDA_PATH', 'ROCM_PATH'] } : seen
assert !new File(out, 'provenance.json').text.contains(System.getenv('PATH')) : 'values must not be recorded'

def mvn = new File(System.getProperty('maven.home'), 'bin/mvn').path
def ItSettings = new GroovyClassLoader(this.class.classLoader).parseClass(new File(itSupport, 'ItSettings.groovy'))
def settings = ItSettings.offline(basedir)
int step = 0
def start = { List<String> args ->
    step++
    def cmd = [mvn, '-B', '-o', '-s', settings.path, "-Dmaven.repo.local=${localRepositoryPath}", '-f',
               new File(basedir, 'pom.xml').path, '-Dhip.arch=gfx1151'] + args
    def log = new File(basedir, "step-${step}.log")
    def p = new ProcessBuilder(cmd.collect { it.toString() }).directory(basedir).redirectErrorStream(true)
            .redirectOutput(log).start()
    [process: p, log: log]
}
def maven = { List<String> args ->
    def s = start(args)
    s.process.waitFor()
    [exit: s.process.exitValue(), log: s.log.text]
}

// item 6: an output name that is a path fails before anything is written, the source is untouched
def source = new File(hip, 'backend_cuda.cu')
def sourceSha = sha(source)
def r = maven(['package', '-Dhip.force=true', '-Dhip.outputName=../../src/main/hip/backend_cuda.cu'])
assert r.exit != 0
assert r.log.contains("hip.outputName: '../../src/main/hip/backend_cuda.cu' is a path; expected a plain file name ending in .dll") : r.log
assert sha(source) == sourceSha : 'the source was overwritten'
assert !new File(hip, 'build.log').exists() && !new File(hip, 'provenance.json').exists()
assert callCount() == 1 : 'hipcc must not start'

// item 13: hip.timeout=0 is named before the stamp is touched
def stampBefore = stamp.text
r = maven(['package', '-Dhip.timeout=0'])
assert r.exit != 0
assert r.log.contains('hip.timeout: 0 is outside 1..2147483647 (seconds)') : r.log
assert !(r.log =~ /IllegalArgumentException/) : r.log
assert stamp.text == stampBefore : 'the stamp changed'
r = maven(['package', '-Dhip.heartbeatSeconds=-1', '-Dhip.commandLineLimit=-5'])
assert r.exit != 0
assert r.log.contains('hip.heartbeatSeconds: -1 is outside 1..2147483647 (seconds); hip.commandLineLimit: -5 is outside 0..2147483647') : r.log

// item 11: two builds of one project at once, after a source change: both succeed, hipcc runs once,
// the second waits (one line) and then finds the DLL up to date
source.text = source.text + '\n// changed\n'
def a = start(['verify'])
Thread.sleep(300)
def b = start(['verify'])
a.process.waitFor()
b.process.waitFor()
def logs = [a.log.text, b.log.text]
assert a.process.exitValue() == 0 : logs[0]
assert b.process.exitValue() == 0 : logs[1]
assert callCount() == 2 : "expected one compile for two builds, got ${callCount() - 1}"
def waited = logs.findAll { it.contains("waiting for another build of ${out} to finish (it holds ${out}/.hipdll.lock: pid ") }
assert waited.size() == 1 : logs.join('\n=====\n')
assert waited[0].contains('coli_hip.dll is up to date') : waited[0]
assert waited[0].contains('DLL VERIFIED') : waited[0]
assert waited[0] =~ /\[INFO\] the other build finished; went on after \d+ ms/ : waited[0]
// the build that got the lock first waited for nobody and says nothing about another build (a newcomer's test, A)
def lockHolder = logs.find { !it.contains('waiting for another build') }
assert lockHolder != null && !lockHolder.contains('the other build finished') && !lockHolder.contains('went on after') : logs.join('\n=====\n')
// nor does the invoker's own uncontended run
def own = new File(basedir, 'build.log').text
assert own.contains('DLL VERIFIED') && !own.contains('went on after') && !own.contains('waiting for another build') : own
return true
