// Newcomer test of the warnings, item 2: Maven 3.8.8 with the Build Cache Extension in .mvn/extensions.xml.
def log = new File(basedir, 'build.log').text
assert log =~ /(?m)^Apache Maven 3\.8\.8 / : log.take(400)
// the extension was loaded, and disabled itself on this Maven
assert log.contains('Cache requires Maven >= 3.9') : log
// so hipdll warns nothing about the cache, and computes and logs no SDK key for it
assert !log.contains('Build Cache Extension is configured') : log
assert !log.contains('for the build cache') : log
assert !log.contains('HIP SDK is not in its key') : log
// the DLL is built all the same
assert log =~ /step \d+ of \d+: / : log
assert log.contains('BUILD SUCCESS') : log
return true
