// Under mvn -T 2 every line of the hipdll goals names its module ([backend-a] ...), so
// the interleaved logs of two modules can be read; a build on one thread has no prefix.
def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).toList().drop(1)
assert runs.size() == 3 : "expected 3 runs, found ${runs.size()}"
def (parallel, serial, cli) = runs
// lines only the hipdll goals print
def ours = ~/step \d+ of \d+: |build stamp |hipcc for gfx|SDK component|DLL VERIFIED|is up to date|attached coli_hip\.dll|^\[\w+\] (\[[\w-]+\] )?(PASS|SKIP|FAIL|WARN) {2,}|hipdll:verify |reports: /
def hip = parallel.readLines().findAll { it =~ ours }
assert hip.size() > 40 : parallel
def unprefixed = hip.findAll { !(it =~ /^\[(INFO|WARNING|ERROR|DEBUG)\] \[backend-[ab]\] /) }
assert unprefixed.isEmpty() : "lines without the module under -T 2:\n" + unprefixed.join('\n')
assert hip.count { it.contains('[backend-a] ') } > 20 && hip.count { it.contains('[backend-b] ') } > 20 : hip.join('\n')
assert parallel.count('DLL VERIFIED') == 2 : parallel
def s = serial.readLines().findAll { it =~ ours }
assert s.size() > 20 : serial
assert s.every { !(it =~ /\[backend-[ab]\] /) } : serial
assert serial.contains('coli_hip.dll is up to date') : serial
// 3: verify from the command line ran on one module only, and said which were not checked
assert cli.count('DLL VERIFIED') == 1 : cli
assert cli.contains('[WARNING] hipdll:verify from the command line runs once in a multi-module build (Maven runs a goal'
        + ' that needs no project once, here on backend-a): 1 other module(s) not checked: backend-b.') : cli
return true
