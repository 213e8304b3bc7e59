def log = new File(basedir, 'build.log').text
assert log.contains("hipdll:verify from the command line uses the configuration of the POM's execution 'verify': contract") : 'execution configuration not applied'
assert log.contains('PASS    exports.required') : 'the loader contract (46 required names) was not used'
assert log.contains('46 required names')
assert log.contains('DLL VERIFIED')
return true
