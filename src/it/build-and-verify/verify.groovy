// The DLL exists, hipcc's output went to build.log, and verify printed its table and passed.
def dll = new File(basedir, 'target/hipdll/coli_hip.dll')
assert dll.isFile() : "no DLL at ${dll}"
assert !new File(basedir, 'target/hipdll/coli_hip.dll.tmp').exists() : 'temporary output left behind'
assert !new File(basedir, 'target/hipdll/.tmp').exists() : 'temporary directory left behind'
def buildLog = new File(basedir, 'target/hipdll/build.log').text
assert buildLog.contains('--offload-arch=gfx1151') : buildLog
def log = new File(basedir, 'build.log').text
assert log.contains('(from -Dhip.sdkRoot)') : 'SDK origin not logged'
assert log.contains('PASS    device-code.targets') : 'device code check missing'
assert log.contains('DLL VERIFIED')
// The exported names as the PE reader saw them: exactly the contract's 48.
assert log.contains('48 names coli_cuda_*')
return true
