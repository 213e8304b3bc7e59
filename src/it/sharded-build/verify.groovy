// One DLL from many machines: three clones at different paths, each with its own local
// repository, build one shard each (`package -Dhip.shard=device -Dhip.arch=<one target>`); a fourth clone merges
// from their outputs (a directory, a zip, a directory) and links the same bytes as a one-machine build of the
// same sources. A shard built from a changed source is refused by step and input and that step compiles here;
// a merge with one shard missing compiles the missing target here, or fails when every device compile must come
// from a shard (hip.shards.require=true). The shard machines also `deploy` their shards to a file repository and a
// fifth clone merges them by Maven coordinates (groupId:artifactId:version:shard-<target>).
import java.security.MessageDigest

def sha = { File f -> MessageDigest.getInstance('SHA-256').digest(f.bytes).encodeHex().toString() }
def work = new File(basedir, 'work')
work.deleteDir()
work.mkdirs()
def url = { File f -> f.toURI().toString() }
def settings = new File(work, 'settings.xml')
def policy = '<releases><checksumPolicy>ignore</checksumPolicy></releases><snapshots><checksumPolicy>ignore</checksumPolicy></snapshots>'
def repo = { String id, File dir -> "<repository><id>${id}</id><url>${url(dir)}</url>${policy}</repository>" }
def pluginRepo = { String id, File dir -> "<pluginRepository><id>${id}</id><url>${url(dir)}</url>${policy}</pluginRepository>" }
def itRepo = new File(localRepositoryPath.toString())
def outer = new File(outerRepository)
def shardRepo = new File(work, 'shard-repository')
settings.text = """<settings><profiles><profile><id>it-repos</id><activation><activeByDefault>true</activeByDefault></activation>
  <repositories>${repo('it-plugin', itRepo)}${repo('outer', outer)}${repo('shards', shardRepo)}</repositories>
  <pluginRepositories>${pluginRepo('it-plugin', itRepo)}${pluginRepo('outer', outer)}</pluginRepositories>
</profile></profiles></settings>
"""
def ItClones = new GroovyClassLoader(this.class.classLoader).parseClass(new File(itSupport, 'ItClones.groovy'))
def clone = { String dir -> ItClones.clone(work, dir, basedir, pluginVersion, exampleDir) }
def mvn = new File(System.getProperty('maven.home'), 'bin/mvn').path
int runs = 0
def build = { File project, String machine, List<String> args, boolean succeeds = true, String phase = 'package' ->
    runs++
    def log = new File(work, "${runs}-${machine}.log")
    def cmd = [mvn, '-B', '-s', settings.path, "-Dmaven.repo.local=${new File(work, "repo-${machine}")}",
               "-Dhip.sdkRoot=${standinSdk}", '-f', new File(project, 'pom.xml').path, 'clean', phase] + args
    def pb = new ProcessBuilder(cmd.collect { it.toString() }).directory(project).redirectErrorStream(true).redirectOutput(log)
    pb.environment().remove('MAVEN_ARGS')
    def p = pb.start()
    p.waitFor()
    assert (p.exitValue() == 0) == succeeds : "build ${runs} (${machine} ${args}) ${succeeds ? 'failed' : 'succeeded'}, see ${log}:\n${log.text}"
    println "build ${runs} (${machine} ${args}): ${log}"
    log.text
}
def deviceRan = { String log -> log.readLines().findAll { it =~ /\] step \d+ of \d+: device compile .*\] \(/ } }
def dll = { File project -> new File(project, 'target/hipdll/coli_hip.dll') }

// one machine, all three targets
def one = clone('one')
build(one, 'one', [])
def expected = sha(dll(one))

// three shard machines at different paths, one target each
def targets = ['gfx1100', 'gfx1101', 'gfx1151']
def shardDirs = [:]
targets.eachWithIndex { t, i ->
    def m = clone("machines/m${i}/" + 'x' * (i * 3) + 'backend')
    def log = build(m, "shard-${t}", ['-Dhip.shard=device', "-Dhip.arch=${t}",
                                      "-DaltDeploymentRepository=shards::${url(shardRepo)}"], true, 'deploy')
    assert new File(shardRepo, "dev/hipdll/it/sharded-backend/1.0/sharded-backend-1.0-shard-${t}.zip").isFile() : log
    def dir = new File(m, "target/hipdll/shard/${t}")
    assert new File(dir, 'shard.json').isFile() : log
    assert new File(m, "target/hipdll/shard/shard-${t}.zip").isFile() : log
    assert !dll(m).exists() : "a shard build linked a DLL: ${log}"
    assert !(log =~ /step \d+ of \d+: (bundle|host compile|link) /) : "a shard build ran more than device compiles: ${log}"
    assert deviceRan(log).size() == 2 : log
    // hipdll:verify is bound too: a shard links no DLL, so it skips itself and says why (the merge verifies)
    assert log.contains('hipdll:verify skipped: hipdll:build ran as a shard build (hip.shard=device) and linked no DLL') : log
    shardDirs[t] = dir
}
def manifest = new groovy.json.JsonSlurper().parse(new File(shardDirs['gfx1101'], 'shard.json'))
assert manifest.pluginVersion == pluginVersion
assert manifest.steps*.step == ['device:backend_cuda.cu:gfx1101', 'device:cuda_chain.cu:gfx1101'] : manifest.steps*.step
manifest.steps.each { s ->
    assert s.sha256 == sha(new File(shardDirs['gfx1101'], s.file))
    assert s.key.command.any { it.startsWith('--offload-arch=gfx1101') || it == '--offload-arch=gfx1101' } : s.key.command
    assert s.key.reads.any { it.path == '${project.basedir}/src/main/hip/include/coli_cuda.h' } : s.key.reads
    assert s.key.tools.keySet().contains('clang')
}

// the merge: a directory, a zip, a directory; every device compile from a shard; the bytes of one machine
def merge = clone('merge')
def zip = new File(shardDirs['gfx1101'].parentFile, 'shard-gfx1101.zip')
def all = "-Dhip.shards=${shardDirs['gfx1100']},${zip},${shardDirs['gfx1151']}"
def log = build(merge, 'merge', [all, '-Dhip.shards.require=true'], true, 'verify')
assert deviceRan(log).isEmpty() : "a device compile ran in the merge: ${log}"
assert log.contains('DLL VERIFIED') && log =~ /PASS +device-code\.targets/ : "the merged DLL was not verified: ${log}"
assert (log =~ /device compile cuda_chain\.cu \[gfx1151\] reused \(from shard .*machines\/m2\/xxxxxxbackend\/target\/hipdll\/shard\/gfx1151\)/).find() : log
assert sha(dll(merge)) == expected : 'the merged DLL differs from the one-machine build'

// the Maven-repository variant: the merge resolves the deployed shards by coordinates, in its own local repository
def mergeRepo = clone('merge-repository')
log = build(mergeRepo, 'merge-repository', ['-Dhip.shards=' + targets.collect { "dev.hipdll.it:sharded-backend:1.0:shard-${it}" }.join(','),
                                            '-Dhip.shards.require=true'])
assert deviceRan(log).isEmpty() : log
assert log.contains('device compile cuda_chain.cu [gfx1101] reused (from shard dev.hipdll.it:sharded-backend:1.0:shard-gfx1101)') : log
assert sha(dll(mergeRepo)) == expected

// a shard from a changed source is refused by name; that step compiles here; the DLL is still the same
def changed = clone('changed')
def chain = new File(changed, 'src/main/hip/cuda_chain.cu')
chain.text = chain.text + '\n// edited on the shard machine\n'
build(changed, 'shard-changed', ['-Dhip.shard=device', '-Dhip.arch=gfx1100'])
def merge2 = clone('merge-changed')
log = build(merge2, 'merge-changed', ["-Dhip.shards=${new File(changed, 'target/hipdll/shard/gfx1100')},${shardDirs['gfx1101']},${shardDirs['gfx1151']}"])
assert log.contains('device compile cuda_chain.cu [gfx1100]: shard ') && log.contains('refused: its input key differs: source cuda_chain.cu changed') : log
assert deviceRan(log).size() == 1 && deviceRan(log)[0].contains('device compile cuda_chain.cu [gfx1100]') : deviceRan(log)
assert sha(dll(merge2)) == expected

// one shard missing: its target compiles here; or the build fails when all device code must come from shards
def merge3 = clone('merge-missing')
def two = "-Dhip.shards=${shardDirs['gfx1100']},${shardDirs['gfx1101']}"
log = build(merge3, 'merge-missing', [two])
assert deviceRan(log).size() == 2 && deviceRan(log).every { it.contains('[gfx1151]') } : deviceRan(log)
assert sha(dll(merge3)) == expected
def merge4 = clone('merge-required')
log = build(merge4, 'merge-required', [two, '-Dhip.shards.require=true'], false)
assert log.contains('[gfx1151]: no shard supplies it (none of the shards has this step') && log.contains('hip.shards.require=true') : log
assert !dll(merge4).exists()
return true
