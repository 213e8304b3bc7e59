// Build.log for the nine runs (runs split at Maven's "Scanning for projects").
def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).toList().drop(1)
assert runs.size() == 9 : "expected 9 runs, found ${runs.size()}"
def (r1, r2, r3, r4, r5, r6, r7, r8, r9) = runs

// 1: -Dhip.staticRuntime=flase: Maven's own converter made it false; now it fails, naming property and value
assert r1.contains("hip.staticRuntime: 'flase' is not true or false") : r1
assert !r1.contains('step 1 of') : 'something was built with a bad parameter'
assert !r1.contains('staticRuntime = ') && !r1.contains('for parameter staticRuntime') : r1

// 2: every conversion error at once, each named by the property
assert r2.contains("hip.timeout: '10x' is not a duration") : r2
assert r2.contains("hip.jobs: 'two' is not a whole number") : r2
// a whole number too large for the parameter is out of range, not "not a whole number"
assert r2.contains("hip.commandLineLimit: '99999999999' is out of range (at most 2147483647)") : r2
assert !r2.contains('timeoutSeconds') && !r2.contains('for parameter') : r2

// 3: 10m is ten minutes; the unknown names are warnings naming the closest real one; the build passes
assert r3.contains('BUILD SUCCESS') : r3
assert r3.contains('[WARNING] unknown property -Dhip.staticRuntme on the command line (ignored); did you mean -Dhip.staticRuntime?') : r3
assert r3.contains("[WARNING] unknown parameter <contrat> in the <configuration> of hipdll-maven-plugin's execution 'verify' (ignored); did you mean <contract>?") : r3
assert !r3.contains('unknown property -Dhip.timeout') && !r3.contains('unknown property -Dhip.sdkRoot') : r3
assert r3.count('unknown property -Dhip.staticRuntme') == 1 : 'warned more than once per session'
// -Dhip.jobs=" 2" is trimmed as durations and booleans are
assert r3.contains('on 2 worker(s)') : r3
assert !r3.contains("hip.jobs: ' 2'") : r3
// a plugin-level typo is warned once, as plugin-level: not again for each execution Maven merged it into
assert r3.count('unknown parameter <staticRuntme>') == 1 : r3
assert r3.contains('[WARNING] unknown parameter <staticRuntme> in the <configuration> of hipdll-maven-plugin (ignored); did you mean <staticRuntime>?') : r3
assert r3.count('unknown parameter <configuration>') == 1 : r3
assert r3.contains('[WARNING] unknown parameter <configuration> in the <configuration> of hipdll-maven-plugin (ignored)') : r3
assert r3.count('unknown parameter <contrat>') == 1 : r3
// hip.* typos in the POM's <properties> are warned like -Dhip.* ones, once per project
assert r3.contains("[WARNING] unknown property <hip.staticRuntme> in the POM's <properties> (ignored); did you mean <hip.staticRuntime>?") : r3
assert r3.contains("[WARNING] unknown property <hip.verify.skp> in the POM's <properties> (ignored); did you mean <hip.verify.skip>?") : r3
assert r3.count('unknown property <hip.staticRuntme>') == 1 && r3.count('unknown property <hip.verify.skp>') == 1 : r3
assert !r3.contains('unknown property <hip.arch>') : r3
// <hip.rm> and -Dhip.rm are no goal's property, but the POM uses them as ${hip.rm} (<runtimeMajor>): no warning
assert !r3.contains('<hip.rm>') && !r3.contains('-Dhip.rm') : r3
// a -D property is not taken for one of the POM's <properties>
assert r3.contains('[WARNING] unknown property -Dhip.jbos on the command line (ignored); did you mean -Dhip.jobs?') : r3
assert !r3.contains('<hip.jbos>') : r3
// an uncontended build says nothing about another build (a newcomer's test, A)
assert !r3.contains('went on after') && !r3.contains('waiting for another build') : r3

// 4-6: each goal's own skip
assert r4.contains('[INFO] hipdll:build skipped (hip.build.skip)') : r4
assert r4.contains('[INFO] hipdll:verify skipped (hip.verify.skip)') : r4
assert r4.contains('[WARNING] unknown property -Dhip.loadChek.skip as a JVM system property (MAVEN_OPTS or .mvn/jvm.config) (ignored); did you mean -Dhip.loadCheck.skip?') : r4
assert !r4.contains('-Dhip.loadChek.skip on the command line') : r4
assert r5.contains('[INFO] hipdll:doctor skipped (hip.doctor.skip)') : r5
assert r6.contains('[INFO] hipdll:load-check skipped (hip.loadCheck.skip)') : r6
assert !r6.contains('load check of') : r6

// 7: a range error names the property
assert r7.contains('hipdll:build: hip.timeout: 0 is outside 1..') : r7  // prefixed with the goal, as conversion errors are

// 8: empty paths are refused by name, before anything is built
assert r8.contains("hip.outputDirectory: '' is an empty path: give a path, or leave the property out") : r8
assert r8.contains("hip.sdkRoot: '' is an empty path") : r8
assert !r8.contains('step 1 of') : r8
// 9: a range error of verify names the goal and the property
assert r9.contains('hipdll:verify: hip.maxBundleMiB: 0 is outside 1..2047') : r9
return true
