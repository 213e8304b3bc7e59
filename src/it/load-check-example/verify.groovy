// load-check loaded the example DLL under Wine, bound the stand-in runtime from the SDK's bin,
// resolved all 48 contract names and saw both gfx targets register; doctor wrote its JSON.
def log = new File(basedir, 'build.log').text
assert log.contains('PASS    load ') || log.contains('PASS    load  ') : log
assert log =~ /bound runtime: Z:.*\\bin\\amdhip64_7\.dll/ : 'bound runtime not printed'
assert log.contains('registered gfx targets: gfx1151, gfx1100') || log.contains('registered gfx targets: gfx1100, gfx1151')
assert log.contains('48 of 48 symbols resolved')
assert log.contains('DLL LOADS')
// The reports CI reads: load-check.json and the JUnit-style XML.
def lc = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/hipdll/load-check.json'))
assert lc.format == 'hipdll-load-check' && lc.passed == true
assert lc.resolved == 48 && lc.requested == 48
assert lc.boundRuntime =~ /amdhip64_7\.dll$/
assert lc.registeredTargets.toSet() == ['gfx1151', 'gfx1100'] as Set
def xml = new groovy.xml.XmlSlurper().parse(new File(basedir, 'target/hipdll/TEST-hipdll-load-check.xml'))
assert xml.@name == 'hipdll-load-check' && xml.@failures == '0'
assert xml.testcase.size() == lc.checks.size() && xml.testcase.size() > 0
def json = new File(basedir, 'target/hipdll/doctor.json')
assert json.isFile()
def doctor = new groovy.json.JsonSlurper().parse(json)
assert doctor.tool == 'hipdll:doctor'
assert doctor.checks.find { it.id == 'sdk.runtimeDll' }.details.contains('file version 7.1.25424.0')
return true
