// Copy the example backend's sources into both modules (two directories at different depths).
import java.nio.file.*
def src = Paths.get(exampleDir, 'src/main/hip')
['first', 'second/nested/deeper'].each { m ->
    def dst = basedir.toPath().resolve(m).resolve('src/main/hip')
    Files.walk(src).forEach { p ->
        def t = dst.resolve(src.relativize(p).toString())
        if (Files.isDirectory(p)) { Files.createDirectories(t) } else { Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING) }
    }
}
// A second copy of the stand-in SDK, at another path (with a space), for the second module.
def sdkSrc = new File(new File(basedir, '../../..').canonicalFile, 'target/standin-sdk')
assert new File(sdkSrc, 'bin/hipcc').isFile() : "no stand-in SDK at ${sdkSrc}"
def copy = ['cp', '-a', sdkSrc.path, new File(basedir, 'sdk copy').path].execute()
copy.waitForProcessOutput(System.out, System.err)
assert copy.exitValue() == 0
return true
