// Copies the example's sources and makes cuda_chain.cu fail to compile for gfx1100 only, when BREAK_GFX1100 is defined
// (and warn for every target then).
import java.nio.file.*
def src = Paths.get(exampleDir, 'src/main/hip')
def dst = basedir.toPath().resolve('src/main/hip')
Files.walk(src).forEach { p ->
    def t = dst.resolve(src.relativize(p).toString())
    if (Files.isDirectory(p)) { Files.createDirectories(t) } else { Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING) }
}
def chain = dst.resolve('cuda_chain.cu').toFile()
chain << '\n#if defined(BREAK_GFX1100) && defined(__gfx1100__)\n#error "broken for gfx1100 by the failing-device-compile IT"\n#endif\n'
chain << '#if defined(BREAK_GFX1100)\n#warning "a warning of the failing-device-compile IT"\n#endif\n'
return true
