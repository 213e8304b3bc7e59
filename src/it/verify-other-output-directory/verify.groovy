def out = new File(basedir, 'target/out')
def log = new File(basedir, 'build.log').text
assert !new File(basedir, 'target/hipdll/coli_hip.dll').exists()
assert log.contains("hipdll:verify ${new File(out, 'coli_hip.dll').absolutePath}") : 'verify read another file'
assert log.contains('PASS    artifact.built')
assert log.contains('DLL VERIFIED')
assert !log.contains('no such file')
assert new File(out, 'coli_hip.dll.stamp.json').isFile() : 'pending stamp not promoted'
assert !new File(out, 'coli_hip.dll.stamp-pending.json').exists()
assert log.contains('coli_hip.dll is up to date') : 'run 2 should not recompile'
return true
