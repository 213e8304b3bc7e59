// Two hip toolchains: 7.1 is the stand-in SDK; 9.0 points at a directory without an SDK, so a
// wrong selection (highest version instead of the requested 7.x prefix) fails the build.
def broken = new File(basedir, 'no-sdk-here')
broken.mkdirs()
new File(basedir, 'toolchains.xml').text = """<?xml version="1.0" encoding="UTF-8"?>
<toolchains>
  <toolchain>
    <type>hip</type>
    <provides><version>9.0</version></provides>
    <configuration><sdkRoot>${broken.absolutePath}</sdkRoot></configuration>
  </toolchain>
  <toolchain>
    <type>hip</type>
    <provides><version>7.1</version></provides>
    <configuration><sdkRoot>${standinSdk}</sdkRoot></configuration>
  </toolchain>
</toolchains>
"""
return true
