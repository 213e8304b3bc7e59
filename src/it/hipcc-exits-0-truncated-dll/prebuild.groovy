// Copies the stand-in HIP SDK into this IT's directory and wraps the copy's hipcc: the first link
// (the only hipcc step without -c) builds normally; every later link also exits 0, but leaves the DLL
// (its -o, the last argument) cut to half its size, like a linker killed mid-write or a full disk
// that nobody reported. Compile steps run normally.
def project = new File(basedir, '../../..').canonicalFile
def sdkSrc = new File(project, 'target/standin-sdk')
assert new File(sdkSrc, 'bin/hipcc').isFile() : "no stand-in SDK at ${sdkSrc}"
def run = { List<String> cmd ->
    def p = cmd.execute()
    p.waitForProcessOutput(System.out, System.err)
    assert p.exitValue() == 0 : "failed: ${cmd}"
}
run(['rm', '-rf', "${basedir}/sdk"])
run(['cp', '-a', sdkSrc.path, "${basedir}/sdk"])              // keeps the clang/lld-link symlinks
def hipcc = new File(basedir, 'sdk/bin/hipcc')
assert hipcc.renameTo(new File(basedir, 'sdk/bin/hipcc.real'))
hipcc.text = '''#!/bin/bash
log="$(dirname "$0")/../../hipcc-calls.log"
case " $* " in *" -c "*) exec "$(dirname "$0")/hipcc.real" "$@" ;; esac
echo "$*" >> "$log"
"$(dirname "$0")/hipcc.real" "$@" || exit $?
if (( $(wc -l < "$log") > 1 )); then
  out="${@: -1}"
  truncate -s $(( $(stat -c %s "$out") / 2 )) "$out"
fi
exit 0
'''
hipcc.setExecutable(true)
new File(basedir, 'hipcc-calls.log').text = ''
return true
