// The short form resolved through the group metadata written by the install of the plugin under test.
def log = new File(basedir, 'build.log').text
assert !log.contains('No plugin found for prefix') : log
assert log.contains('hipdll-maven-plugin') && log.contains('hipdll:build') : log
assert log.contains('BUILD SUCCESS') : log
def meta = new File(basedir, '../../local-repo/dev/hipdll/maven-metadata-local.xml')
assert meta.isFile() : "install wrote no ${meta} (Maven 3.9 writes it; 3.8 does not)"
assert meta.text.contains('<prefix>hipdll</prefix>') : meta.text
return true
