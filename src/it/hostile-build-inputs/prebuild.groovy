// The example's sources and the stand-in SDK, copied here; hipcc wrapped to count the links (and to
// take a few seconds there, so that two builds started together overlap); two link loops in the sources.
def project = new File(basedir, '../../..').canonicalFile
def sdkSrc = new File(project, 'target/standin-sdk')
def example = new File(project, 'examples/colibri-backend')
assert new File(sdkSrc, 'bin/hipcc').isFile() : "no stand-in SDK at ${sdkSrc}"
def run = { List<String> cmd ->
    def p = cmd.execute()
    p.waitForProcessOutput(System.out, System.err)
    assert p.exitValue() == 0 : "failed: ${cmd}"
}
run(['rm', '-rf', "${basedir}/sdk", "${basedir}/src"])
run(['cp', '-a', sdkSrc.path, "${basedir}/sdk"])
run(['mkdir', '-p', "${basedir}/src/main"])
run(['cp', '-a', new File(example, 'src/main/hip').path, "${basedir}/src/main/hip"])
run(['cp', new File(example, 'host/backend_loader.c').path, "${basedir}/src/backend_loader.c"])
// `ln -s . loop` twice: plexus' DirectoryScanner recursed forever on these
run(['ln', '-s', '.', "${basedir}/src/main/hip/loop"])
run(['ln', '-s', '..', "${basedir}/src/main/hip/include/loop2"])
def hipcc = new File(basedir, 'sdk/bin/hipcc')
assert hipcc.renameTo(new File(basedir, 'sdk/bin/hipcc.real'))
// the step graph runs hipcc once per compile step and once for the link: the link (no -c) is counted
hipcc.text = '''#!/bin/bash
case " $* " in *" -c "*) ;; *) echo "$*" >> "$(dirname "$0")/../../hipcc-calls.log"; sleep 3 ;; esac
exec "$(dirname "$0")/hipcc.real" "$@"
'''
hipcc.setExecutable(true)
return true
