// The SDK came from the 7.1 toolchain (not -Dhip.sdkRoot, not HIP_SDK_ROOT, not the 9.0 toolchain), and the DLL verified.
def log = new File(basedir, 'build.log').text
assert log.contains('sdkRoot') && log.contains('(from toolchains.xml (hip 7.1))') : 'SDK origin is not the 7.1 toolchain'
assert !log.contains('(from -Dhip.sdkRoot)') : 'the global -Dhip.sdkRoot leaked into this execution'
assert new File(basedir, 'target/hipdll/coli_hip.dll').isFile()
assert log.contains('DLL VERIFIED')
return true
