// The command-line jar is the Maven goal without Maven: the same -D values give the same checks and verdicts,
// exit 0 / 1 / 2 for verified / rejected / refused, and the jar holds no Maven class.
import groovy.json.JsonSlurper
import java.util.zip.ZipFile

def jar = new File(cliJar)
assert jar.isFile() : "the cli jar was not built: ${jar}"
def names = new ZipFile(jar).withCloseable { z -> z.entries().collect { it.name } }
assert names.contains('dev/hipdll/cli/Main.class')
assert names.contains('META-INF/maven/plugin.xml') : 'the descriptor the help and the -D names come from'
def maven = names.findAll { it.startsWith('org/apache/maven/') || it.startsWith('dev/hipdll/maven/')
        || it.startsWith('org/eclipse/sisu/') || it.startsWith('org/codehaus/plexus/component') }
assert maven.isEmpty() : "Maven classes in the cli jar: ${maven.take(5)}"

def java = new File(System.getProperty('java.home'), 'bin/java').absolutePath
def run = { List<String> args ->
    def p = ([java, '-jar', jar.absolutePath] + args).execute(null, basedir)
    def out = new StringBuilder(), err = new StringBuilder()
    p.consumeProcessOutput(out, err)
    p.waitFor()
    [status: p.exitValue(), out: out.toString(), err: err.toString()]
}
def props = new Properties()
new File(basedir, 'test.properties').withInputStream { props.load(it) }
def defines = props.findAll { k, v -> k != 'hip.dll' }.collect { k, v -> "-D${k}=${v}".toString() }

def goal = new JsonSlurper().parse(new File(basedir, 'target/hipdll/verify.json'))
def pass = run(['verify', 'coli_hip.dll', '-Dhip.reportDirectory=cli-reports'] + defines)
assert pass.status == 0 : "${pass.out}\n${pass.err}"
assert pass.out.contains('DLL VERIFIED') : pass.out
def cli = new JsonSlurper().parse(new File(basedir, 'cli-reports/verify.json'))
assert cli.checks.collect { [it.id, it.verdict] } == goal.checks.collect { [it.id, it.verdict] }
assert new File(basedir, 'cli-reports/verify.sarif').isFile()

def rejected = run(['verify', 'coli_hip.dll', '-Dhip.reportDirectory=cli-rejected', '-Dhip.arch=gfx1100'] +
        defines.findAll { !it.startsWith('-Dhip.arch=') })
assert rejected.status == 1 : "${rejected.out}\n${rejected.err}"
assert rejected.err.contains('hipdll:verify rejected') && rejected.err.contains('device-code.targets') : rejected.err

def refused = run(['verify', 'coli_hip.dll', '-Dhip.maxBundleMiB=0'])
assert refused.status == 2 : "${refused.out}\n${refused.err}"
assert refused.err.contains('hipdll:verify: hip.maxBundleMiB: 0 is outside 1..2047') : refused.err

def help = run(['verify', '--help'])
assert help.status == 0
def doc = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new ZipFile(jar).with { z -> z.getInputStream(z.getEntry('META-INF/maven/plugin.xml')) })
def mojos = doc.getElementsByTagName('mojo')
def verifyMojo = (0..<mojos.length).collect { mojos.item(it) }.find { m ->
    m.getElementsByTagName('goal').item(0).textContent == 'verify' }
def conf = verifyMojo.getElementsByTagName('configuration').item(0).childNodes
def properties = (0..<conf.length).collect { conf.item(it) }.findAll { it.nodeType == 1 }
        .collect { it.textContent.trim() }.findAll { it.startsWith('${hip.') }
assert properties.size() > 40
properties.each { p -> assert help.out.contains("-D${p[2..-2]}=") : "help lacks ${p}" }

def doctor = run(['doctor'])
assert doctor.status == 0 : "${doctor.out}\n${doctor.err}"
assert doctor.out.contains('hipdll:doctor') : doctor.out
return true
