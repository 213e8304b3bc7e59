// gfx11-generic built with code object v6 (the log says so), and verify found device code for both targets.
def log = new File(basedir, 'build.log').text
assert log.contains('gfx11-generic is a generic target: -mcode-object-version=6 added') : log
assert log =~ /step \d+ of \d+: device compile backend_cuda.cu \[gfx11-generic\] finished/ : log
def steps = new File(basedir, 'target/hipdll/build.log').readLines()
def generic = steps.find { it.startsWith('[device compile backend_cuda.cu [gfx11-generic]] $ ') }
def exact = steps.find { it.startsWith('[device compile backend_cuda.cu [gfx1151]] $ ') }
assert generic.contains('-mcode-object-version=6') && !exact.contains('-mcode-object-version=6')
assert log =~ /PASS\s+device-code\.targets\s+gfx11-generic, gfx1151/ : log
assert log.contains('DLL VERIFIED')
return true
