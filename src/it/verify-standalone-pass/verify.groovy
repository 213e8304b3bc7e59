// Verified with no project: table in the log, both reports in target/hipdll under the current directory
// (not beside the DLL, which may be a release download or /dev/zero).
import groovy.json.JsonSlurper
def log = new File(basedir, 'build.log').text
assert log.contains('DLL VERIFIED') : log
assert log.contains('PASS    runtime.major') : log
assert log.contains('PASS    exports.required') : log
def json = new JsonSlurper().parse(new File(basedir, 'target/hipdll/verify.json'))
assert json.passed == true
assert json.checks.find { it.id == 'device-code.targets' }.verdict == 'PASS'
assert json.checks.find { it.id == 'paths.pdb' }.verdict == 'PASS'
def xml = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new File(basedir, 'target/hipdll/TEST-hipdll-verify.xml')).documentElement
assert xml.getAttribute('name') == 'hipdll-verify'
assert xml.getAttribute('failures') == '0'
assert xml.getElementsByTagName('testcase').length == json.checks.size()
assert !new File(basedir, 'verify.json').exists() : 'no report beside the DLL'
assert log.contains("reports: ${new File(basedir, 'target/hipdll/verify.json').canonicalPath}") : log
return true
