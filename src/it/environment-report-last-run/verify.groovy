// The second run was up to date, and environment.txt is that run's, not the first build's.
def log = new File(basedir, 'build.log').text
assert log.contains('coli_hip.dll is up to date') : 'the second run was expected to be up to date'
assert log.contains('removed ROCM_PATH') : 'the second run did not report the stray ROCM_PATH'
def env = new File(basedir, 'target/hipdll/environment.txt').text
assert env.contains('removed ROCM_PATH') && env.contains('/nowhere/second-run-rocm') : "environment.txt is stale:\n${env}"
return true
