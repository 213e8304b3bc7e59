// mvn install put the DLL (type dll, classifier windows-x86_64), its .sha256 and provenance.json into
// the IT-local repository, and the .sha256 and the provenance name the installed DLL's digest.
import java.security.MessageDigest
def repoDir = new File(localRepositoryPath, 'dev/hipdll/it/attach-jar/1.0')
def dll = new File(repoDir, 'attach-jar-1.0-windows-x86_64.dll')
def sha = new File(repoDir, 'attach-jar-1.0-windows-x86_64.dll.sha256')
def prov = new File(repoDir, 'attach-jar-1.0-windows-x86_64-provenance.json')
assert dll.isFile() : "not installed: ${dll}; repo has ${repoDir.list()}"
assert sha.isFile() : "not installed: ${sha}"
assert prov.isFile() : "not installed: ${prov}"
def digest = MessageDigest.getInstance('SHA-256').digest(dll.bytes).encodeHex().toString()
// it names the published file, so sha256sum -c works in the repository as downloaded
assert sha.text == "${digest}  attach-jar-1.0-windows-x86_64.dll\n" : sha.text
def check = ['sha256sum', '-c', sha.name].execute(null, repoDir)
def checkOut = new StringBuilder()
check.waitForProcessOutput(checkOut, checkOut)
assert check.exitValue() == 0 : "sha256sum -c in the repository: ${checkOut}"
def json = new groovy.json.JsonSlurper().parse(prov)
assert json.output.sha256 == digest
assert json.output.file == 'coli_hip.dll'
assert json.targets == ['gfx1151']
// The built file and the installed one are the same bytes.
assert new File(basedir, 'target/hipdll/coli_hip.dll').bytes == dll.bytes
def log = new File(basedir, 'build.log').text
assert log.contains('attached coli_hip.dll as attach-jar:dll:windows-x86_64')
// The main artifact is still the jar.
assert new File(repoDir, 'attach-jar-1.0.jar').isFile() : "jar not installed: ${repoDir.list()}"
return true
