// The build stopped before hipcc with one clear line naming the output directory and the file in the way.
def log = new File(basedir, 'build.log').text
def target = new File(basedir, 'target').canonicalFile
assert log.contains("cannot write to the output directory ${target}/hipdll (hip.outputDirectory): ${target} is a regular file, not a directory") : log
assert !log.contains('hipcc for gfx1151') : 'hipcc must not start'
assert !(log =~ /Caused by: java\./) : 'an I/O exception leaked into the error'
assert target.isFile() && target.text == 'not a directory\n' : 'the file in the way was changed'
return true
