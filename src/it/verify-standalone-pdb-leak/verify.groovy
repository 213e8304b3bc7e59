// The build failed naming both problems; the reports went to hip.reportDirectory.
import groovy.json.JsonSlurper
def log = new File(basedir, 'build.log').text
assert log.contains('DLL REJECTED') : log
assert log.contains('absolute PDB path in the debug directory: ' + new File(basedir, 'coli_hip.pdb').absolutePath) : log
assert log.contains('missing required: coli_cuda_not_in_this_build') : log
def json = new JsonSlurper().parse(new File(basedir, 'reports/verify.json'))
assert json.passed == false
assert json.checks.find { it.id == 'paths.pdb' }.verdict == 'FAIL'
assert json.checks.find { it.id == 'exports.required' }.verdict == 'FAIL'
def xml = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new File(basedir, 'reports/TEST-hipdll-verify.xml')).documentElement
def cases = xml.getElementsByTagName('testcase')
def byName = (0..<cases.length).collectEntries { [(cases.item(it).getAttribute('name')): cases.item(it)] }
assert byName['paths.pdb'].getElementsByTagName('failure').length == 1
assert byName['exports.required'].getElementsByTagName('failure').item(0).getAttribute('message') == '1 missing'
assert !new File(basedir, 'verify.json').exists()
return true
