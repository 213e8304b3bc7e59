// Under mvn -T 2, two modules with hip.jobs=2 each share the session's hip.jobs.total.
// Run 1 (budget 4) shows the counter sees overlapping compilers; run 2 (budget 2) never has more than two.
def log = new File(basedir, 'build.log').text
def seen = new File(basedir, 'concurrency').listFiles().findAll { it.name.startsWith('seen-') }.sort { it.name }
assert seen.size() == 2 : "expected the compiles of two Maven runs, found ${seen*.name}"
def most = seen.collect { f -> f.readLines().collect { it as int }.max() }
def compiles = seen.collect { f -> f.readLines().size() }
// 2 modules x 2 units x (2 device compiles + 1 host compile)
assert compiles == [12, 12] : "compiles per run: ${compiles}"
assert most[0] >= 3 : "with a budget of 4 the two modules' compiles never overlapped beyond 2 (${most[0]}): the counter proves nothing"
assert most[1] <= 2 : "with hip.jobs.total=2, ${most[1]} compilers ran at once"
assert most[1] == 2 : "the budget of 2 was not used (${most[1]} at most)"
assert log.contains('(at most 2 steps at once in this Maven session, hip.jobs.total)') : log
assert log.count('BUILD SUCCESS') == 2 : log
return true
