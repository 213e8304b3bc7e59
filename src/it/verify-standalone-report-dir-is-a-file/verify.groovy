// verify stopped before reading the DLL (no table, no verdict) with one line naming the report directory and the file in the way.
def log = new File(basedir, 'build.log').text
def dir = new File(basedir, 'blocked/reports').absoluteFile.toPath().normalize()
def blocked = new File(basedir, 'blocked').absoluteFile.toPath().normalize()
assert log.contains("cannot write to the report directory ${dir} (hip.reportDirectory): ${blocked} is a regular file, not a directory") : log
assert !(log =~ /Caused by: java\./) : 'an I/O exception leaked into the error'
assert !log.contains('DLL VERIFIED') && !log.contains('RESULT  CHECK') : 'verify ran its checks before finding the report directory unusable'
assert new File(basedir, 'blocked').text == 'not a directory\n'
return true
