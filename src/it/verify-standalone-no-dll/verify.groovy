// Without a project a DLL must be named: both goals fail with one clear line and create nothing
// (no directory literally named after an unresolved expression, no target/, no reports).
def log = new File(basedir, 'build.log').text
def message = 'no project here: set -Dhip.dll=<path to the DLL>'
assert log.count(message) >= 2 : "verify and load-check should both say '${message}':\n${log}"
assert !log.contains('$' + '{project') : log
// .mvn is the invoker's own (maven.config)
def made = basedir.listFiles()*.name.findAll { !(it in ['invoker.properties', 'verify.groovy', 'build.log', '.mvn']) }
assert made.isEmpty() : "standalone goals without hip.dll wrote ${made}"
return true
