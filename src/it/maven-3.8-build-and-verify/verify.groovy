// The plugin on Maven 3.8 (3.8.8 from Maven Central). One build.log for the seven runs,
// split at Maven's version banner (-V). Before the configurator was a Plexus component, every goal failed
// here with "Unable to retrieve component configurator hipdll".
def log = new File(basedir, 'build.log').text
// at the banner wherever it is, not only at a line's start: on a busy machine a process a run left (Wine's, from the
// load check) can write to the shared log without a line end just as the next run prints its banner
def runs = log.split(/Apache Maven (?=3\.8\.8 \()/).toList().drop(1)
assert runs.size() == 7 : "expected 7 runs, found ${runs.size()}; the banners: " +
        log.readLines().withIndex().findAll { l, i -> l.contains('Apache Maven') }.collect { l, i -> "line ${i + 1}: ${l.take(120)}" } +
        "; the end of the log: ${log.takeRight(2000)}"
runs.eachWithIndex { r, i -> assert r.startsWith('3.8.8 ') : "run ${i + 1} is not Maven 3.8.8: ${r.take(80)}" }
assert !log.contains('Unable to retrieve component configurator') : log
assert !log.contains('requires Maven version') : log
def (r1, r2, r3, r4, r5, r6, r7) = runs

// 1: built and verified; -Dhip.timeout=10m is a duration
assert r1 =~ /step \d+ of \d+: / : r1
assert r1.contains('DLL VERIFIED') && r1.contains('BUILD SUCCESS') : r1
assert r1.contains('build stamp written:') : r1
assert !r1.contains("hip.timeout: '10m'") : r1

// 2: a misspelt boolean fails, named by its property, and nothing is built
assert r2.contains("hip.staticRuntime: 'flase' is not true or false") : r2
assert !(r2 =~ /step \d+ of \d+: /) : 'something was built with a bad parameter'
assert r2.contains('BUILD FAILURE') : r2
assert r2.contains('[WARNING] unknown property -Dhip.jbos on the command line (ignored); did you mean -Dhip.jobs?') : r2
assert r2.contains("hipdll:build: hip.staticRuntime: 'flase' is not true or false") : r2

// 3: rebuilt with the dynamic runtime; verify's conversion error keeps the pending stamp
assert r3 =~ /step \d+ of \d+: / : r3
assert r3.contains("hip.runtimeMajor: 'seven' is not a whole number") : r3
assert r3 =~ /hipdll:verify failed before it read coli_hip\.dll, so it judged nothing: the build's pending stamp is kept/ : r3

// 4: nothing rebuilt; the kept stamp is committed; the typo is a warning with the closest real name
assert !(r4 =~ /step \d+ of \d+: /) : 'a step ran again'
assert r4.contains('coli_hip.dll is up to date') : r4
assert r4.contains('[WARNING] unknown property -Dhip.staticRuntme on the command line (ignored); did you mean -Dhip.staticRuntime?') : r4
assert r4.contains('DLL VERIFIED') && r4.contains('build stamp written:') : r4
def out = new File(basedir, 'target/hipdll')
assert new File(out, 'coli_hip.dll.stamp.json').isFile() : 'no committed stamp'
assert !new File(out, 'coli_hip.dll.stamp-pending.json').exists() : 'the pending stamp was left'

// 5, 6: doctor and load-check run too
assert r5.contains('BUILD SUCCESS') && r5.contains('hipdll:doctor') : r5
assert r6.contains('BUILD SUCCESS') && r6.contains('DLL LOADS') : r6
// 7: the short form outside a project (no pom.xml in no-project/)
assert r7.contains('BUILD SUCCESS') && r7.contains('hipdll:build') : r7
assert !r7.contains('No plugin found for prefix') : r7
assert r7.contains('standalone-pom') : 'run 7 ran inside a project: ' + r7
return true
