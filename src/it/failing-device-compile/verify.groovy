// Run 2: the gfx1100 device compile of cuda_chain.cu failed; the message names the step (unit, target,
// stage) and clang's error; no later step started, the link never ran, the DLL of run 1 is unchanged
// (its .sha256 still matches), no temporary output and no compiler process is left.
import java.security.MessageDigest
def log = new File(basedir, 'build.log').text
def run2 = log.substring(log.lastIndexOf('rebuilding coli_hip.dll'))
assert run2.contains('device compile cuda_chain.cu [gfx1100] failed') : run2
assert run2.contains('broken for gfx1100 by the failing-device-compile IT') : run2
assert run2.contains('the previous coli_hip.dll is unchanged') : run2
assert !(run2 =~ /step \d+ of \d+: link coli_hip\.dll \(/) : 'the link started after a failed step'
assert !(run2 =~ /step \d+ of \d+: host compile cuda_chain\.cu \(/) : 'a step that depends on the failed one started'
// Clang's diagnostics at their levels, with file, line and column; the failed step at error,
// never "finished"; on GitHub Actions also workflow commands at the start of a line, the file relative to the
// workspace (GITHUB_WORKSPACE, else the project directory)
def chainLine = new File(basedir, 'src/main/hip/cuda_chain.cu').readLines().findIndexOf { it.startsWith('#error') } + 1
assert run2.contains("[ERROR] [cuda_chain.cu [gfx1100]] src/main/hip/cuda_chain.cu:${chainLine}:2: error: \"broken for gfx1100 by the failing-device-compile IT\"") : run2
assert run2 =~ /(?m)^\[WARNING\] \[cuda_chain\.cu \[gfx1100\]\] src\/main\/hip\/cuda_chain\.cu:\d+:2: warning: "a warning of the failing-device-compile IT" \[-W#warnings\]$/ : run2
assert !(run2 =~ /\[INFO\] \[cuda_chain\.cu \[gfx1100\]\] .*: error: /) : 'an error logged at info'
assert run2 =~ /(?m)^\[ERROR\] step \d+ of \d+: device compile cuda_chain\.cu \[gfx1100\] failed after / : run2
assert !(run2 =~ /device compile cuda_chain\.cu \[gfx1100\] finished/) : 'the failed step said finished'
assert run2 =~ /(?m)^::error file=(.*\/)?src\/main\/hip\/cuda_chain\.cu,line=${chainLine},col=2,title=cuda_chain\.cu \[gfx1100\]::"broken for gfx1100 by the failing-device-compile IT"$/ : run2
// every target's compile warns; the pull request gets one annotation (the first target's to report it)
def warnings = (run2 =~ /(?m)^::warning file=(.*\/)?src\/main\/hip\/cuda_chain\.cu,line=\d+,col=2,title=cuda_chain\.cu( \[gfx\w+\])?[^:]*::"a warning of the failing-device-compile IT" \[-W#warnings\]$/).size()
assert warnings == 1 : "expected one ::warning annotation, found ${warnings}: " + run2
def out = new File(basedir, 'target/hipdll')
def dll = new File(out, 'coli_hip.dll')
def published = new File(out, 'coli_hip.dll.sha256').text.trim().split(/\s+/)[0]
assert MessageDigest.getInstance('SHA-256').digest(dll.bytes).encodeHex().toString() == published : 'the previous DLL was changed'
assert !new File(out, '.tmp').exists() : 'temporary output left behind'
assert !new File(out, 'steps/cuda_chain.cu/gfx1100.co').exists() : 'the failed step left its output'
assert !new File(out, 'steps/cuda_chain.cu/gfx1100.co.step.json').exists() : 'the failed step left a record'
assert new File(out, 'diagnosis.txt').readLines()[0] == 'failed step: device compile cuda_chain.cu [gfx1100]'
def ps = ['ps', '-eo', 'args'].execute().text
assert !ps.readLines().any { it.contains(basedir.path) && (it.contains('clang') || it.contains('hipcc')) } : 'a compiler is still running'
return true
