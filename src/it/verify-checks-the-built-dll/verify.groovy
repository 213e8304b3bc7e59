// Run 2 built broken.dll beside the good coli_hip.dll of run 1; verify must have checked broken.dll,
// failed on the lost export, and said so in the error line; the good DLL's stamp stays committed,
// broken.dll gets no stamp.
def out = new File(basedir, 'target/hipdll')
def log = new File(basedir, 'build.log').text
assert new File(out, 'coli_hip.dll').isFile() && new File(out, 'broken.dll').isFile()
assert log.contains('DLL VERIFIED') : 'run 1 should verify the good DLL'
def run2 = log.substring(log.lastIndexOf('hipdll:verify /'))
assert run2.startsWith("hipdll:verify ${new File(out, 'broken.dll').absolutePath}") : run2.take(300)
assert run2.contains('PASS    artifact.built') : run2
assert run2.contains('DLL REJECTED') : run2
def error = log.readLines().find { it.contains('hipdll:verify rejected') }
assert error != null : 'no error line'
assert error.contains('broken.dll') : error
assert error.contains('exports.required: missing required: coli_cuda_pipe_sync') : error
assert new File(out, 'coli_hip.dll.stamp.json').isFile() : 'run 1 stamp not committed'
assert !new File(out, 'broken.dll.stamp.json').exists() && !new File(out, 'broken.dll.stamp-pending.json').exists()
return true
