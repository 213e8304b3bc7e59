package dev.hipdll.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The command line's descriptor index ({@link DescriptorIndex}) is the plugin descriptor's: the index the build wrote
 * on the class path reads to the same goals, parameters, defaults and descriptions as {@code plugin.xml} parsed, so a
 * stale index (a descriptor changed without the build's {@code process-classes}) fails here; a damaged one is an
 * error that names it.
 */
class DescriptorIndexTest {
    private static final ClassLoader LOADER = DescriptorIndexTest.class.getClassLoader();

    @Test
    void theIndexOnTheClassPathIsTheDescriptors() throws IOException {
        try (InputStream in = LOADER.getResourceAsStream(DescriptorIndex.RESOURCE)) {
            assertNotNull(in, DescriptorIndex.RESOURCE + " is not on the class path: the build's process-classes writes it");
        }
        PluginDescriptor xml = PluginDescriptor.loadXml(LOADER);
        PluginDescriptor loaded = PluginDescriptor.load(LOADER);
        assertEquals(xml.version(), loaded.version());
        assertEquals(xml.goals(), loaded.goals());
        assertTrue(loaded.goal("verify").orElseThrow().parameters().size() > 50, "verify's parameters");
    }

    @Test
    void writtenAndReadBackIsTheSame() throws IOException {
        PluginDescriptor xml = PluginDescriptor.loadXml(LOADER);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DescriptorIndex.write(xml, out);
        PluginDescriptor back = DescriptorIndex.read(new ByteArrayInputStream(out.toByteArray()));
        assertEquals(xml.goals(), back.goals());
        assertEquals(xml.version(), back.version());
    }

    @Test
    void aDamagedIndexIsAnErrorThatNamesIt() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DescriptorIndex.write(PluginDescriptor.loadXml(LOADER), out);
        byte[] whole = out.toByteArray();
        IOException cut = assertThrows(IOException.class,
                () -> DescriptorIndex.read(new ByteArrayInputStream(Arrays.copyOf(whole, whole.length / 2))));
        assertTrue(cut.getMessage().contains(DescriptorIndex.RESOURCE) && cut.getMessage().contains("rebuild"),
                cut.getMessage());
        byte[] other = whole.clone();
        other[3] = 'X';
        IOException magic = assertThrows(IOException.class, () -> DescriptorIndex.read(new ByteArrayInputStream(other)));
        assertTrue(magic.getMessage().contains("not a command-line descriptor index"), magic.getMessage());
    }

    /**
     * Every damage to the index, not only a cut or another magic, is an error that names it: a byte changed inside a
     * string (modified UTF-8 the reader refuses without saying where), a count lowered (fewer goals, the rest left
     * unread: {@code verify} then missing, a stack trace in the command line), a changed letter of a property name
     * (a valid index of another descriptor).
     */
    @Test
    void everyDamagedByteIsAnErrorThatNamesTheIndex() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DescriptorIndex.write(PluginDescriptor.loadXml(LOADER), out);
        byte[] whole = out.toByteArray();
        for (int at = 0; at < whole.length; at += 1 + at / 64) {
            for (int flip : new int[] {0x01, 0x80, 0xff}) {
                byte[] damaged = whole.clone();
                damaged[at] ^= (byte) flip;
                int where = at;
                IOException e = assertThrows(IOException.class,
                        () -> DescriptorIndex.read(new ByteArrayInputStream(damaged)), "byte " + where + " ^ " + flip);
                assertTrue(e.getMessage().contains(DescriptorIndex.RESOURCE) && e.getMessage().contains("rebuild"),
                        "byte " + where + ": " + e.getMessage());
            }
        }
        byte[] longer = Arrays.copyOf(whole, whole.length + 1);
        IOException e = assertThrows(IOException.class, () -> DescriptorIndex.read(new ByteArrayInputStream(longer)));
        assertTrue(e.getMessage().contains(DescriptorIndex.RESOURCE), e.getMessage());
    }

    /**
     * A stale index (written from another plugin.xml: a build whose {@code process-classes} step was skipped, e.g.
     * {@code -Dexec.skip}, leaves the last build's index in target/classes, and the jar packs it beside the new
     * descriptor) does not win: the descriptor beside it is read instead.
     */
    @Test
    void anIndexOfAnotherDescriptorDoesNotWin(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        byte[] xml;
        try (InputStream in = LOADER.getResourceAsStream(PluginDescriptor.RESOURCE)) {
            xml = in.readAllBytes();
        }
        java.nio.file.Path index = java.nio.file.Files.createDirectories(dir.resolve("META-INF/hipdll"))
                .resolve("cli-descriptor.index");
        DescriptorIndex.main(new String[] {writeXml(dir.resolve("old.xml"), xml).toString(), index.toString()});
        String changed = new String(xml, java.nio.charset.StandardCharsets.UTF_8)
                .replace("<property>hip.arch</property>", "<property>hip.gfx</property>")
                .replace("${hip.arch}", "${hip.gfx}");
        writeXml(java.nio.file.Files.createDirectories(dir.resolve("META-INF/maven")).resolve("plugin.xml"),
                changed.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {dir.toUri().toURL()}, null)) {
            GoalDescriptor verify = PluginDescriptor.load(loader).goal("verify").orElseThrow();
            assertTrue(verify.byProperty("hip.gfx").isPresent(), "the descriptor's property, not the stale index's");
            assertTrue(verify.byProperty("hip.arch").isEmpty(), "the stale index's property");
        }
    }

    private static java.nio.file.Path writeXml(java.nio.file.Path file, byte[] xml) throws IOException {
        return java.nio.file.Files.write(file, xml);
    }
}
