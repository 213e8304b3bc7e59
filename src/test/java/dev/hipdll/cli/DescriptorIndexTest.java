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
}
