// The override is named in the error, with the path it pointed at; hipcc never ran.
def log = new File(basedir, 'build.log').text
assert log.contains('HIP SDK component deviceLibDir') : log
// set as a POM property, not with -D: the origin says so (CommandLineProperties, 528206d)
assert log.contains('(from the POM property hip.deviceLibDir)') : log
assert log.contains('Fix or remove the POM property hip.deviceLibDir.') : log
assert log.contains('no/such/bitcode') : log
assert !new File(basedir, 'target/hipdll/build.log').exists() : 'hipcc must not have run'
assert !new File(basedir, 'target/hipdll/coli_hip.dll').exists()
return true
