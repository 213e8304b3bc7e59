// The build failed on hip.arch before hipcc ran: no build.log, no DLL, a message naming the problem.
def log = new File(basedir, 'build.log').text
assert log.contains("hip.arch: gfx target 'native' is not allowed") : log
assert !new File(basedir, 'target/hipdll/build.log').exists() : 'hipcc must not have run'
assert !new File(basedir, 'target/hipdll/coli_hip.dll').exists()
return true
