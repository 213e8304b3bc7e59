// load-check loaded the example DLL under Wine, bound the stand-in runtime from the SDK's bin,
// resolved all 48 contract names and saw both gfx targets register; doctor wrote its JSON.
def log = new File(basedir, 'build.log').text
assert log.contains('PASS    load ') || log.contains('PASS    load  ') : log
assert log =~ /bound runtime: Z:.*\\bin\\amdhip64_7\.dll/ : 'bound runtime not printed'
assert log.contains('registered gfx targets: gfx1151, gfx1100') || log.contains('registered gfx targets: gfx1100, gfx1151')
assert log.contains('48 of 48 symbols resolved')
assert log.contains('DLL LOADS')
def json = new File(basedir, 'target/hipdll/doctor.json')
assert json.isFile()
def doctor = new groovy.json.JsonSlurper().parse(json)
assert doctor.tool == 'hipdll:doctor'
assert doctor.checks.find { it.id == 'sdk.runtimeDll' }.details.contains('file version 7.1.25424.0')
return true
