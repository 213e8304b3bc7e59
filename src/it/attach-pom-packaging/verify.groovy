// mvn install (twice) put the DLL (type dll, classifier windows-x86_64), its .sha256 and provenance.json into
// the IT-local repository, and the .sha256 and the provenance name the installed DLL's digest.
import java.security.MessageDigest
def repoDir = new File(localRepositoryPath, 'dev/hipdll/it/attach-pom/1.0')
def dll = new File(repoDir, 'attach-pom-1.0-windows-x86_64.dll')
def sha = new File(repoDir, 'attach-pom-1.0-windows-x86_64.dll.sha256')
def prov = new File(repoDir, 'attach-pom-1.0-windows-x86_64-provenance.json')
assert dll.isFile() : "not installed: ${dll}; repo has ${repoDir.list()}"
assert sha.isFile() : "not installed: ${sha}"
assert prov.isFile() : "not installed: ${prov}"
def digest = MessageDigest.getInstance('SHA-256').digest(dll.bytes).encodeHex().toString()
// the published checksum names the published file, so sha256sum -c works in the repository as downloaded
assert sha.text == "${digest}  attach-pom-1.0-windows-x86_64.dll\n" : sha.text
def check = ['sha256sum', '-c', sha.name].execute(null, repoDir)
def checkOut = new StringBuilder()
check.waitForProcessOutput(checkOut, checkOut)
assert check.exitValue() == 0 : "sha256sum -c in the repository: ${checkOut}"
// the one beside the DLL in target/hipdll still names coli_hip.dll
assert new File(basedir, 'target/hipdll/coli_hip.dll.sha256').text == "${digest}  coli_hip.dll\n"
def json = new groovy.json.JsonSlurper().parse(prov)
assert json.output.sha256 == digest
assert json.output.file == 'coli_hip.dll'
assert json.targets == ['gfx1151']
// The built file and the installed one are the same bytes.
assert new File(basedir, 'target/hipdll/coli_hip.dll').bytes == dll.bytes
def log = new File(basedir, 'build.log').text
assert log.contains('attached coli_hip.dll as attach-pom:dll:windows-x86_64')
// The second build compiled nothing, yet attached and installed the same three files.
def second = new File(basedir, 'build-second.log').text
assert second.contains('coli_hip.dll is up to date') : 'the second build was expected to be up to date'
assert !(second =~ /step \d+ of \d+: /) : 'a build step ran in the second build'
assert second.contains('attached coli_hip.dll as attach-pom:dll:windows-x86_64') : 'an up-to-date build must still attach'
assert second =~ /Installing .*attach-pom-1\.0-windows-x86_64-provenance\.json/ : 'provenance not installed by the second build'
return true
