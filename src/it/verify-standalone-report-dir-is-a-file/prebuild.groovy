// A DLL to verify (the stand-in SDK's runtime) and a regular file where the report directory's parent should be.
new File(basedir, 'amdhip64_7.dll').bytes = new File("${standinSdk}/bin/amdhip64_7.dll").bytes
new File(basedir, 'blocked').text = 'not a directory\n'
return true
