// A regular file where the project's target directory should be.
def target = new File(basedir, 'target')
assert !target.exists() || target.isFile()
target.text = 'not a directory\n'
return true
