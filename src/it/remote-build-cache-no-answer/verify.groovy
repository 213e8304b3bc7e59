// A remote build cache that accepts connections and never answers: a loopback listener started
// here accepts every connection and holds it without reading or writing a byte.
//  1. A consumer build with the configuration of docs/build-cache.md (template/.mvn/maven.config: connect 5 s,
//     request 15 s for the remote's id) says the timeouts before any module is looked up, waits 15 s for
//     buildinfo.xml, says the remote did not answer and builds the DLL locally.
//  2. The same build without .mvn/maven.config (Maven Resolver's defaults) warns that a remote without a request
//     timeout can hold the build for 1800 s, and is still waiting, silently, when it is stopped 45 s after it asked
//     the remote (however long a loaded machine took to get there: a hang guard of 10 minutes only).
import java.time.LocalTime
import java.time.Duration

def work = new File(basedir, 'work')
work.deleteDir()
work.mkdirs()
def url = { File f -> f.toURI().toString() }
def settings = new File(work, 'settings.xml')
// The consumer's local repository resolves the plugin under test from the invoker's repository, then from the
// user's local repository (the Build Cache Extension), as IT remote-build-cache does.
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

// The server: accepts, holds, never answers.
def server = new ServerSocket(0, 50, InetAddress.getByName('127.0.0.1'))
def held = Collections.synchronizedList([])
def acceptor = Thread.startDaemon('no-answer-server') {
    try {
        while (!server.closed) {
            held << server.accept()
        }
    } catch (SocketException e) {
        // closed
    }
}
int port = server.localPort
def remote = "http://127.0.0.1:${port}/hipdll-cache"
def mvn = new File(System.getProperty('maven.home'), 'bin/mvn').path
def time = ~/^(\d\d:\d\d:\d\d\.\d\d\d) /
def at = { String line -> def m = time.matcher(line); assert m.find() : "no time on: ${line}"; LocalTime.parse(m.group(1)) }

/**
 * Runs clean verify in project; when stopAfter is given, stops it stopAfter after its log first holds a line
 * containing askedText (a hang guard of 10 minutes for that line); returns [log text, elapsed, exit code or null].
 */
def build = { File project, String name, Duration stopAfter, String askedText ->
    def log = new File(work, "${name}.log")
    def cmd = [mvn, '-B', '-s', settings.path, "-Dmaven.repo.local=${new File(work, 'repo')}",
               "-Dmaven.build.cache.location=${new File(work, "local-cache-${name}")}",
               "-Dmaven.build.cache.remote.url=${remote}",
               '-Dorg.slf4j.simpleLogger.showDateTime=true', '-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS',
               '-f', new File(project, 'pom.xml').path, 'clean', 'verify']
    def pb = new ProcessBuilder(cmd.collect { it.toString() }).directory(project).redirectErrorStream(true).redirectOutput(log)
    pb.environment().put('HIP_SDK_ROOT', standinSdk)
    pb.environment().remove('MAVEN_ARGS')
    long started = System.nanoTime()
    def p = pb.start()
    Integer exit = null
    if (stopAfter == null) {
        p.waitFor()
        exit = p.exitValue()
    } else {
        long guard = System.nanoTime() + Duration.ofMinutes(10).toNanos()
        while (p.alive && !(log.text.contains(askedText)) && System.nanoTime() - guard < 0) {
            Thread.sleep(200)
        }
        if (p.alive && log.text.contains(askedText) && p.waitFor(stopAfter.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
            exit = p.exitValue()
        } else if (!p.alive) {
            exit = p.exitValue()
        } else {
            p.destroyForcibly()
            p.waitFor()
        }
    }
    def elapsed = Duration.ofNanos(System.nanoTime() - started)
    println "${name}: ${elapsed.toMillis()} ms${exit == null ? ' (stopped)' : ''}, log ${log}"
    [log.text, elapsed, exit]
}
def stepLines = { String log -> log.readLines().findAll { it =~ /\] step \d+ of \d+: device compile .*\] \(/ } }

try {
    // 1. The documented configuration: the remote's timeouts in .mvn/maven.config.
    def a = ItClones.clone(work, 'with-timeouts/backend', basedir, pluginVersion, exampleDir)
    assert new File(a, '.mvn/maven.config').text.contains('-Daether.connector.requestTimeout.hipdll-build-cache=15000')
    def (logA, elapsedA, exitA) = build(a, 'with-timeouts', null, null)
    assert exitA == 0 : "the consumer build failed:\n${logA}"
    def said = logA.readLines().find { it.contains("hipdll: the build cache's remote ${remote} (id hipdll-build-cache) gets 5 s"
            + ' (aether.connector.connectTimeout.hipdll-build-cache) to connect and 15 s'
            + ' (aether.connector.requestTimeout.hipdll-build-cache) for each answer') }
    assert said : "the plugin did not say the remote's timeouts:\n${logA}"
    assert !logA.contains('has no request timeout')
    def asked = logA.readLines().find { it.contains("Downloading ${remote}/") && it.endsWith('/buildinfo.xml') }
    def failed = logA.readLines().find { it.contains("Error downloading cache item: ${remote}/") }
    assert asked && failed : "the extension did not ask the remote or did not give up:\n${logA}"
    assert logA.readLines().indexOf(said) < logA.readLines().indexOf(asked) : 'the timeouts are said before the remote is asked'
    def waited = Duration.between(at(asked), at(failed))
    println "the extension waited ${waited.toMillis()} ms for the remote (request timeout 15 s)"
    // at least the 15 s request timeout; far less than Resolver's 1800 s default (the upper bound is a hang guard)
    assert waited >= Duration.ofMillis(14_500) && waited < Duration.ofSeconds(300) : "waited ${waited} for an answer"
    assert logA.contains('Remote cache is incomplete or missing, trying local build for dev.hipdll.it:remote-build-cache-no-answer-backend')
    assert stepLines(logA).size() == 2 : 'the build compiled both units locally: ' + stepLines(logA)
    assert new File(a, 'target/hipdll/coli_hip.dll').isFile()
    assert held.size() >= 1 : 'the remote was never connected to'
    int connectionsA = held.size()

    // 2. Without the timeouts: Maven Resolver's default request timeout (1800 s). The plugin warns before the
    //    remote is asked; the build then waits without a word until it is stopped.
    def b = ItClones.clone(work, 'without-timeouts/backend', basedir, pluginVersion, exampleDir)
    assert new File(b, '.mvn/maven.config').delete()
    def (logB, elapsedB, exitB) = build(b, 'without-timeouts', Duration.ofSeconds(45), "Downloading ${remote}/")
    assert exitB == null : "the build without timeouts ended (exit ${exitB}) within 45 s of asking the remote:\n${logB}"
    assert logB.contains("hipdll: the build cache's remote ${remote} (id hipdll-build-cache) has no request timeout:"
            + ' Maven Resolver waits up to 1800 s for each answer') : "no warning:\n${logB}"
    assert logB.contains('gets 10 s (Maven Resolver\'s default) to connect and 1800 s (Maven Resolver\'s default)')
    def askedB = logB.readLines().find { it.contains("Downloading ${remote}/") && it.endsWith('/buildinfo.xml') }
    assert askedB : "the build without timeouts did not ask the remote:\n${logB}"
    def after = logB.readLines().dropWhile { it != askedB }.drop(1)
    assert after.isEmpty() : "the build said something after asking the remote: ${after}"
    assert !logB.contains('[ERROR] Error downloading cache item') && stepLines(logB).isEmpty()
    println "without timeouts: still waiting for the remote, silently, when stopped 45 s after asking it (${elapsedB.toSeconds()} s after the start)"
    assert held.size() > connectionsA : 'the second build never connected'
} finally {
    server.close()
    held.each { it.close() }
}
assert server.closed
return true
