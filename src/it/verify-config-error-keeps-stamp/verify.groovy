// Item 6: -Dhip.runtimeMajor=seven failed verify's parameter conversion, and the next build
// recompiled everything ("no stamp of a previous successful build"). Now verify says the pending stamp is
// kept, and the next build is a no-op that leaves the stamp for its verify to commit.
def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).toList().drop(1)
assert runs.size() == 2 : "expected 2 runs, found ${runs.size()}"
def (r1, r2) = runs
assert r1.contains('build stamp pending until hipdll:verify passes') : r1
assert r1.contains("hip.runtimeMajor: 'seven' is not a whole number") : r1
assert !r1.contains('for parameter runtimeMajor') : r1
assert r1 =~ /hipdll:verify failed before it read coli_hip\.dll, so it judged nothing: the build's pending stamp is kept \(.*coli_hip\.dll\.stamp-pending\.json\)/ : r1

assert !r2.contains('no stamp of a previous successful build') : r2
assert !r2.contains('rebuilding coli_hip.dll') : r2
assert !(r2 =~ /step \d+ of \d+: /) : 'a step ran in the second build'
assert r2.contains('coli_hip.dll is up to date') : r2
assert r2.contains("the last build's stamp is still pending") : r2
assert r2.contains('DLL VERIFIED') : r2
assert r2.contains('build stamp written:') : r2
def out = new File(basedir, 'target/hipdll')
assert new File(out, 'coli_hip.dll.stamp.json').isFile() : 'no committed stamp'
assert !new File(out, 'coli_hip.dll.stamp-pending.json').exists() : 'the pending stamp was left'
return true
