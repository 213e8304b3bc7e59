import java.nio.file.Files
import java.nio.file.StandardCopyOption

// Per-step reuse, read from the log of each build: the steps that ran ("step N of M: <step> (<reason>)")
// are exactly the expected ones, with the expected reasons; every other step says "reused".
def cold = new File(basedir, 'build.log').text
def ranIn = { String log ->
    log.readLines().collect { it.replaceFirst(/^\[INFO\] /, '') }
            .findAll { it ==~ /step \d+ of \d+: .+ \(.*\)/ && !it.contains(' reused (') }
            .collect { it.replaceFirst(/^step \d+ of \d+: /, '') }
}
def steps = { List<String> ran -> ran.collect { it.replaceFirst(/ \(.*$/, '') }.sort() }
assert steps(ranIn(cold)).size() == 9 : 'the cold build runs all 9 steps: ' + ranIn(cold)

def mvn = new File(System.getProperty('maven.home'), 'bin/mvn').path
def ItSettings = new GroovyClassLoader(this.class.classLoader).parseClass(new File(itSupport, 'ItSettings.groovy'))
def settings = ItSettings.offline(basedir)
int n = 0
def maven = { List<String> args ->
    n++
    def cmd = [mvn, '-B', '-o', '-s', settings.path, "-Dmaven.repo.local=${localRepositoryPath}", "-Dhip.sdkRoot=${standinSdk}",
               '-f', new File(basedir, 'pom.xml').path, 'package'] + args
    def log = new File(basedir, "reuse-${n}.log")
    def p = new ProcessBuilder(cmd.collect { it.toString() }).directory(basedir).redirectErrorStream(true).redirectOutput(log).start()
    p.waitFor()
    assert p.exitValue() == 0 : "build ${n} failed:\n${log.text}"
    log.text
}
def hip = new File(basedir, 'src/main/hip')
def device = { String unit, String... targets -> targets.collect { "device compile ${unit} [${it}]".toString() } }

// 1. One unit edited (a comment: its device code does not change, so its bundle is reused too).
new File(hip, 'cuda_chain.cu') << '\n// edited by the step-reuse IT\n'
def ran = ranIn(maven([]))
assert steps(ran) == (device('cuda_chain.cu', 'gfx1100', 'gfx1151') + ['host compile cuda_chain.cu', 'link coli_hip.dll']).sort() : ran
assert ran.contains('device compile cuda_chain.cu [gfx1100] (source cuda_chain.cu changed)') : ran

// 2. A header both units include: every compile runs, naming the header.
new File(hip, 'include/ops.h') << '\n#define STEP_REUSE_IT 1\n'
ran = ranIn(maven([]))
assert ran.contains('device compile backend_cuda.cu [gfx1151] (header include/ops.h changed)') : ran
assert ran.contains('host compile cuda_chain.cu (header include/ops.h changed)') : ran

// 3. A third target: only its device compiles, then the bundles, host compiles and the link.
ran = ranIn(maven(['-Dhip.arch=gfx1151,gfx1100,gfx1030']))
assert steps(ran) == (device('backend_cuda.cu', 'gfx1030') + device('cuda_chain.cu', 'gfx1030') + ['bundle backend_cuda.cu',
        'bundle cuda_chain.cu', 'host compile backend_cuda.cu', 'host compile cuda_chain.cu', 'link coli_hip.dll']).sort() : ran
assert ran.contains('device compile backend_cuda.cu [gfx1030] (new target)') : ran
assert ran.contains('bundle cuda_chain.cu (command changed (targets gfx1030 added))') : ran

// 4. The target removed again: no device compile at all.
ran = ranIn(maven([]))
assert steps(ran) == ['bundle backend_cuda.cu', 'bundle cuda_chain.cu', 'host compile backend_cuda.cu',
        'host compile cuda_chain.cu', 'link coli_hip.dll'] : ran

// 5. A poisoned step output: cuda_chain.cu's host.obj replaced by other bytes and its record
// edited to name a kept copy of the real one; after an edit elsewhere the step runs again, with a warning
// naming the record, and the foreign bytes are not linked.
def chainDir = new File(basedir, 'target/hipdll/steps/cuda_chain.cu')
def obj = new File(chainDir, 'host.obj')
def copy = new File(basedir, 'target/hipdll/elsewhere.obj')
Files.copy(obj.toPath(), copy.toPath(), StandardCopyOption.COPY_ATTRIBUTES)
def marker = 'FOREIGN-BYTES-OF-THE-STEP-REUSE-IT'
obj.append(marker.getBytes('US-ASCII'))
def record = new File(chainDir, 'host.obj.step.json')
def json = new groovy.json.JsonSlurper().parse(record)
json.output.path = copy.canonicalPath
record.text = groovy.json.JsonOutput.toJson(json)
new File(hip, 'backend_cuda.cu') << '\n// edited by the step-reuse IT (poisoned step)\n'
def poisoned = maven([])
ran = ranIn(poisoned)
assert ran.contains('host compile cuda_chain.cu (its record names another output)') : ran
assert poisoned.contains("[WARNING] host compile cuda_chain.cu: the record ${record.canonicalPath} names the output"
        + " ${copy.canonicalPath}, not the step's own ${obj.canonicalPath}; the step runs again") : poisoned
assert !new String(new File(basedir, 'target/hipdll/coli_hip.dll').bytes, 'ISO-8859-1').contains(marker)

// 6. Nothing changed: the DLL-level stamp answers, no step at all.
def noop = maven([])
assert noop.contains('coli_hip.dll is up to date') && ranIn(noop).isEmpty() : noop
return true
