// Copies the example backend's sources and the stand-in HIP SDK into this IT's directory, so that
// verify.groovy can change them without touching the repository or the shared SDK, and wraps the
// copy's hipcc so that every link (one per rebuild: hipcc runs once per step, and only the link has
// no -c) is counted in hipcc-calls.log.
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
run(['cp', '-a', sdkSrc.path, "${basedir}/sdk"])              // keeps the clang/lld-link symlinks
run(['mkdir', '-p', "${basedir}/src/main"])
run(['cp', '-a', new File(example, 'src/main/hip').path, "${basedir}/src/main/hip"])
run(['cp', new File(example, 'host/backend_loader.c').path, "${basedir}/src/backend_loader.c"])
// A header in the include directory that no source includes: not a build input.
new File(basedir, 'src/main/hip/include/unused.h').text = '/* included by nothing */\n'

def hipcc = new File(basedir, 'sdk/bin/hipcc')
assert hipcc.renameTo(new File(basedir, 'sdk/bin/hipcc.real'))
hipcc.text = '''#!/bin/bash
# Counts links (one per rebuild) for the incremental-rebuild IT, then runs the stand-in hipcc.
case " $* " in *" -c "*) ;; *) echo "$*" >> "$(dirname "$0")/../../hipcc-calls.log" ;; esac
exec "$(dirname "$0")/hipcc.real" "$@"
'''
hipcc.setExecutable(true)
new File(basedir, 'hipcc-calls.log').text = ''
return true
