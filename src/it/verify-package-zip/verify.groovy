// Three runs in one build.log (split at Maven's "Scanning for projects").
import groovy.json.JsonSlurper
def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).toList().drop(1)
assert runs.size() == 3 : "expected 3 runs, found ${runs.size()}"
def (r1, r2, r3) = runs

// 1: the release directory: one table per PE file, the package verified
assert r1.contains('hipdll:verify package ') : r1
assert r1.contains('PASS    package.dependencies') : r1
assert r1.contains('package: 3 file(s), 0 rejected, 0 package check(s) failed;') && r1.contains('PACKAGE VERIFIED') : r1
assert r1.contains('BUILD SUCCESS') : r1

// 2: rocblas.dll missing from the zip: named for hipblas.dll, the file that imports it
assert r2.contains('FAIL    package.dependencies') : r2
assert r2.contains('missing: rocblas.dll: not in the package') : r2
assert r2.contains('missing-rocblas.zip: 1 check(s) failed: hipblas.dll: package.dependencies: missing: rocblas.dll') : r2

// 3: the traversal entry is refused by name and nothing lands outside the unpack directory
assert r3.contains("entry '../evil.dll' refused: a '..' component (path traversal)") : r3
assert !new File(basedir, 'evil.dll').exists() && !new File(basedir, 'target/evil.dll').exists()
assert !new File(basedir.parentFile, 'evil.dll').exists()

// the reports of the last run: one group per file, the unpack directory gone
def json = new JsonSlurper().parse(new File(basedir, 'target/hipdll/verify.json'))
assert json.format == 'hipdll-verify-package'
assert json.passed == false
assert json.files*.file == ['coli_hip.dll', 'hipblas.dll', 'rocblas.dll']
assert json.checks.find { it.id == 'package.contents' }.verdict == 'FAIL'
def xml = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new File(basedir, 'target/hipdll/TEST-hipdll-verify.xml')).documentElement
assert xml.tagName == 'testsuites'
assert xml.getElementsByTagName('testsuite').length == 4
assert !new File(basedir, 'target/hipdll').listFiles().any { it.name.startsWith('hipdll-package-') } : 'unpacked files deleted'
return true
