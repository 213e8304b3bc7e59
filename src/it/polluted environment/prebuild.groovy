// The SDK root with spaces: a link "HIP SDK/ROCm 7.1" to the stand-in SDK (target/standin-sdk).
import java.nio.file.Files
def standin = new File(basedir, '../../standin-sdk').canonicalFile.toPath()
assert Files.isRegularFile(standin.resolve('bin/hipcc')) : "no stand-in SDK at ${standin}"
def link = new File(basedir, 'HIP SDK/ROCm 7.1').toPath()
Files.createDirectories(link.parent)
if (!Files.exists(link)) {
    Files.createSymbolicLink(link, standin)
}
return true
