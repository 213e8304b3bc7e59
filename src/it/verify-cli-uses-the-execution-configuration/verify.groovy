def log = new File(basedir, 'build.log').text
assert log.contains("hipdll:verify from the command line uses the configuration of the POM's execution 'verify': contract") : 'execution configuration not applied'
assert log.contains('PASS    exports.required') : 'the loader contract (46 required names) was not used'
assert log.contains('46 required names')
assert log.contains('DLL VERIFIED')
// The command-line load-check (the second run appends to build.log)
assert log.contains("hipdll:load-check from the command line uses the contract of the POM's hipdll:verify execution 'verify': contract") : 'load-check did not take verify\'s contract'
assert log =~ /load check of .*coli_hip\.dll with the runtime directory .*, contract: .*backend_loader\.c/ : 'load-check did not say which contract it used'
assert !log.contains('hip.expectedExports=48') : 'load-check fell back to the count contract'
assert !log.contains('linking the loader program') : 'the loader program did not link (kernel32.lib of the stand-in SDK not found)'
def json = new File(basedir, 'target/hipdll/load-check.json').text
assert json.contains('"passed" : true') || json.contains('"passed":true') : 'load-check did not pass: ' + json
return true
