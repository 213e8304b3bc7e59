// Runs the action's verify step exactly as action.yml declares it: its `run:` command under bash, its `env:` block
// with ${{ inputs.<name> }} replaced by the inputs given here (the other inputs at their action.yml defaults), and
// what the runner adds (GITHUB_ACTIONS, GITHUB_OUTPUT, GITHUB_ACTION_PATH, JAVA_HOME from setup-java).
import groovy.json.JsonSlurper
import java.security.MessageDigest

def root = new File(exampleDir).parentFile.parentFile
def action = new File(root, 'action.yml').readLines()

// inputs and their defaults: `  <name>:` under `inputs:`, then `    default: <value>`
def defaults = [:]
def section = null, input = null
action.each { line ->
    if (line ==~ /^\S.*/) { section = line.replace(':', '').trim() }
    def m = line =~ /^  ([a-z-]+):\s*$/
    if (section == 'inputs' && m) { input = m[0][1]; defaults[input] = '' }
    def d = line =~ /^    default:\s*'?([^']*)'?\s*$/
    if (section == 'inputs' && input && d) { defaults[input] = d[0][1] }
}
assert defaults.keySet().containsAll(['path', 'targets', 'contract', 'trusted-keys', 'require-signature', 'args',
                                      'version', 'jar', 'report-directory', 'upload-sarif']) : defaults

// the verify step: from `id: verify` to the next step, its env lines and its run line
def start = action.findIndexOf { it.trim() == 'id: verify' }
assert start > 0
def step = action.drop(start).takeWhile { !it.startsWith('    - ') }
def env = [:]
step.each { line ->
    def m = line =~ /^        (HIPDLL_[A-Z_]+): \$\{\{ inputs\.([a-z-]+) }}\s*$/
    if (m) { env[m[0][1]] = m[0][2] }
}
def runLine = step.find { it.trim().startsWith('run: ') }.trim().substring('run: '.length())
assert runLine.contains('scripts/ci/action-verify') : runLine

def java = System.getProperty('java.home')
def step_ = { Map<String, String> inputs, Map<String, String> extraEnv = [:] ->
    def given = defaults + inputs
    def output = File.createTempFile('github-output', '.txt', basedir)
    def pb = new ProcessBuilder('bash', '-c', runLine).directory(basedir)
    def e = pb.environment()
    e.keySet().removeAll(e.keySet().findAll { it.startsWith('HIPDLL_') || it.startsWith('GITHUB_') })
    env.each { name, in_ -> e[name] = given[in_] }
    e.putAll([GITHUB_ACTIONS: 'true', GITHUB_OUTPUT: output.absolutePath, GITHUB_ACTION_PATH: root.absolutePath,
              JAVA_HOME: java, HOME: new File(basedir, 'home').absolutePath])
    e.putAll(extraEnv)
    pb.redirectErrorStream(true)
    def p = pb.start()
    def text = p.inputStream.text
    p.waitFor()
    def outputs = output.readLines().findAll { it.contains('=') }.collectEntries { l -> [(l.split('=', 2)[0]): l.split('=', 2)[1]] }
    [status: p.exitValue(), out: text, outputs: outputs]
}
// args as the CMake example spells them (docs/ci/gate-cmake-release.yml): one a line
def common = [jar: cliJar, targets: 'gfx1151', contract: 'backend_loader.c',
              args: '-Dhip.runtimeMajor=7\n-Dhip.package.backends=coli_hip.dll\n']

// 1. the complete release zip: verified, exit 0, the SARIF and the JUnit XML written and named in the outputs
def pass = step_(common + [path: 'colibri-release.zip', 'report-directory': 'reports-pass'])
assert pass.status == 0 : pass.out
assert pass.out.contains('PACKAGE VERIFIED') : pass.out
assert pass.out.contains('hipdll verify: colibri-release.zip verified (exit 0)') : pass.out
assert pass.outputs == ['exit-code': '0', 'report-directory': new File(basedir, 'reports-pass').absolutePath,
                        sarif: new File(basedir, 'reports-pass/verify.sarif').absolutePath,
                        junit: new File(basedir, 'reports-pass/TEST-hipdll-verify.xml').absolutePath,
                        verdict: 'verified'] : pass.outputs
def sarif = new JsonSlurper().parse(new File(pass.outputs.sarif))
assert sarif.version == '2.1.0' && sarif.runs[0].results.findAll { it.level == 'error' }.isEmpty()

// 2. a zip whose hipblas.dll imports rocblas.dll, which is not in it: rejected, exit 1, the action's message
def fail = step_(common + [path: 'missing-rocblas.zip', 'report-directory': 'reports-fail'])
assert fail.status == 1 : fail.out
assert fail.out.contains('FAIL    package.dependencies') : fail.out
assert fail.out.contains('missing: rocblas.dll: not in the package') : fail.out
assert fail.out.contains('::error title=hipdll verify::hipdll verify: missing-rocblas.zip was rejected (exit 1)') : fail.out
assert fail.outputs.verdict == 'rejected' && fail.outputs['exit-code'] == '1' : fail.outputs
def failSarif = new JsonSlurper().parse(new File(fail.outputs.sarif))
assert failSarif.runs[0].results.any { it.ruleId == 'package.dependencies' && it.level == 'error' } : failSarif.runs[0].results

// 3. a usage error (an argument that is not -D, then a parameter value out of range): exit 2, said as such
def notD = step_(common + [path: 'colibri-release.zip', args: 'hip.arch=gfx1100'])
assert notD.status == 2 : notD.out
assert notD.out.contains("configuration error (exit 2): args: 'hip.arch=gfx1100' is not a -D<name>=<value> argument") : notD.out
def range = step_(common + [path: 'colibri-release.zip', args: '-Dhip.maxBundleMiB=0'])
assert range.status == 2 : range.out
assert range.out.contains('hip.maxBundleMiB: 0 is outside 1..2047') : range.out
assert range.out.contains('::error title=hipdll verify::hipdll verify: usage or configuration error (exit 2)') : range.out

// 4. the download by version, from a repository in Maven's layout (file:// here, Central in the action): the jar is
// checked against its .sha1 and kept in the cache; a .sha1 that does not match refuses the jar
def repo = new File(basedir, 'repo')
def publish = { String version, String sha1 ->
    def dir = new File(repo, "dev/hipdll/hipdll-maven-plugin/${version}")
    dir.mkdirs()
    def jar = new File(dir, "hipdll-maven-plugin-${version}-cli.jar")
    jar.bytes = new File(cliJar).bytes
    new File(dir, jar.name + '.sha1').text = sha1 ?: MessageDigest.getInstance('SHA-1').digest(jar.bytes).encodeHex().toString()
}
publish('9.9.9', null)
publish('9.9.8', '0' * 40)
def repository = [HIPDLL_REPOSITORY: repo.toURI().toString()]
def downloaded = step_(common + [jar: '', version: '9.9.9', path: 'colibri-release.zip', 'report-directory': 'reports-dl'], repository)
assert downloaded.status == 0 : downloaded.out
assert downloaded.out.contains('hipdll-maven-plugin-9.9.9-cli.jar SHA-1') && downloaded.out.contains('matches') : downloaded.out
assert new File(basedir, 'home/.hipdll/cli/9.9.9/hipdll-maven-plugin-9.9.9-cli.jar').isFile()
def cached = step_(common + [jar: '', version: '9.9.9', path: 'colibri-release.zip', 'report-directory': 'reports-dl'], repository)
assert cached.status == 0 && cached.out.contains('from the cache') : cached.out
def tampered = step_(common + [jar: '', version: '9.9.8', path: 'colibri-release.zip'], repository)
assert tampered.status == 2 : tampered.out
assert tampered.out.contains('does not match') && tampered.out.contains('download refused') : tampered.out
assert !new File(basedir, 'home/.hipdll/cli/9.9.8/hipdll-maven-plugin-9.9.8-cli.jar').exists()
// on Java 17 the aot-cache input (default true) is a note, not an error
assert cached.out.contains('no AOT cache: it needs Java 25 or later') : cached.out

// 5. the AOT cache (aot-cache, the default, on Java 25 as setup-java gives it): the first run of a downloaded jar
// writes it, the next one starts with it; both give the same verdict. The machine's second JDK is Temurin 25
// (scripts/install); under CI=true its absence fails this IT instead of skipping the case.
// any JDK of release 25 or later under /usr/lib/jvm, by its `release` file (JAVA_VERSION="25.0.3")
def major = { File jdk ->
    def line = new File(jdk, 'release').with { it.isFile() ? it.readLines().find { l -> l.startsWith('JAVA_VERSION=') } : null }
    def m = line =~ /JAVA_VERSION="(\d+)/
    m ? (m[0][1] as int) : 0
}
def jdk25 = (new File('/usr/lib/jvm').listFiles() ?: []).findAll { new File(it, 'bin/java').canExecute() && major(it) >= 25 }
        .sort { major(it) }.find()
if (jdk25 == null) {
    assert System.getenv('CI') != 'true' : 'action-verify-script: no JDK 25 or later under /usr/lib/jvm (its release file) for the aot-cache case: the machine image has Temurin 25 there'
    println 'action-verify-script: no Java 25 under /usr/lib/jvm: the aot-cache case is left out (not under CI=true)'
    return true
}
def onJava25 = repository + [JAVA_HOME: jdk25.absolutePath]
def training = step_(common + [jar: '', version: '9.9.9', path: 'colibri-release.zip', 'report-directory': 'reports-aot1'], onJava25)
assert training.status == 0 : training.out
assert training.out.contains('this run writes the AOT cache') : training.out
def caches = new File(basedir, 'home/.hipdll/aot/9.9.9').listFiles().findAll { it.name ==~ /hipdll-cli-\d.*\.aot/ }
assert caches.size() == 1 && caches[0].length() > 0 : new File(basedir, 'home/.hipdll/aot/9.9.9').list()
def warm = step_(common + [jar: '', version: '9.9.9', path: 'colibri-release.zip', 'report-directory': 'reports-aot2'], onJava25)
assert warm.status == 0 && warm.out.contains('hipdll verify: AOT cache ' + caches[0].absolutePath) : warm.out
assert warm.out.contains('-XX:AOTCache=' + caches[0].absolutePath) : warm.out
def verdicts = { String dir -> new JsonSlurper().parse(new File(basedir, dir + '/verify.json')).checks.collect { [it.id, it.verdict] } }
assert verdicts('reports-aot1') == verdicts('reports-aot2') && verdicts('reports-aot2') == verdicts('reports-dl')
// a local jar (inputs.jar) is not given a cache: it changes with every build
def local = step_(common + [path: 'colibri-release.zip', 'report-directory': 'reports-aot3'], onJava25)
assert local.status == 0 && local.out.contains('no AOT cache for a local jar') && !local.out.contains('-XX:AOT') : local.out
return true
