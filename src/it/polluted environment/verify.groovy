// The build succeeded despite the pollution, named what it removed (names only at info), and
// verified the DLL built from the SDK under "HIP SDK/ROCm 7.1".
def log = new File(basedir, 'build.log').text
assert log.contains('DLL VERIFIED') : 'verify did not pass'
assert log.contains('HIP SDK/ROCm 7.1') : 'the SDK root with spaces was not used'
def removed = log.readLines().find { it.contains('hipcc environment: removed [') }
assert removed != null : 'no list of removed variables'
['ROCM_PATH', 'HIP_PATH', 'HIP_PATH_57', 'HIP_DEVICE_LIB_PATH', 'HIP_CLANG_PATH', 'CUDA_PATH',
 'HIPCC_COMPILE_FLAGS_APPEND'].each { assert removed.contains(it) : "${it} not reported as removed: ${removed}" }
assert !log.contains('/nowhere/rocm-5.7') : 'a scrubbed value leaked into the info log'
assert !log.contains('no-such-hipcc-flag') : 'HIPCC_COMPILE_FLAGS_APPEND reached hipcc or the log'
def out = new File(basedir, 'target/hipdll')
assert new File(out, 'coli_hip.dll').isFile()
// every compile and bundle step passed its arguments through its own response file, beside its output
def rsps = []
new File(out, 'steps').eachFileRecurse { if (it.name.endsWith('.rsp')) rsps << it.name }
def commands = new File(out, 'build.log').readLines().findAll { it.contains('] $ ') }
assert rsps.size() == commands.size() - 1 : "hip.commandLineLimit=0: expected a response file per step but the link, found ${rsps}"
assert new File(out, 'build.log').readLines().count { it.contains('] # passed as: ') } == commands.size()
def env = new File(out, 'environment.txt').text
assert env.contains('removed ROCM_PATH') && env.contains('/nowhere/rocm-5.7') : env
assert env.contains('set HIP_PLATFORM (the resolved HIP SDK) = amd') : env
return true
