// The toolset request was checked against the fake Visual Studio before hipcc could run.
def log = new File(basedir, 'build.log').text
assert log.contains('no installed MSVC toolset matches hip.vcToolsVersion=14.29; installed: [14.44.35207, 14.51.36014]') : log
assert !new File(basedir, 'target/hipdll/build.log').exists() : 'hipcc must not have run'
return true
