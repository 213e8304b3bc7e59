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
return true
