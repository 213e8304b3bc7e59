package dev.hipdll.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** hip.outputName is a plain file name ending in .dll. */
class OutputNameTest {
    private static String refused(String name) {
        return assertThrows(IllegalArgumentException.class, () -> OutputName.check(name, "hip.outputName")).getMessage();
    }

    @Test
    void aPathIsRefused() {
        String m = refused("../../src/main/hip/backend_cuda.cu");
        assertTrue(m.startsWith("hip.outputName: '../../src/main/hip/backend_cuda.cu' is a path; expected a plain file"
                + " name ending in .dll"), m);
        assertTrue(refused("..\\x.dll").contains("is a path"));
        assertTrue(refused("/tmp/x.dll").contains("is a path"));
    }

    @Test
    void otherBadNamesAreRefused() {
        assertTrue(refused("backend_cuda.cu").contains("does not end in .dll"));
        assertTrue(refused(".dll").contains("does not end in .dll"));
        assertTrue(refused("..").contains("names a directory"));
        assertTrue(refused("").contains("empty"));
        assertTrue(refused("a:b.dll").contains("':'"));
        assertTrue(refused("a\nb.dll").contains("U+000A"));
        assertTrue(refused("NUL.dll").contains("reserved device name"));
        assertTrue(refused("com1.x.dll").contains("reserved device name"));
    }

    @Test
    void plainDllNamesPass() {
        assertEquals("coli_hip.dll", OutputName.check("coli_hip.dll", "p"));
        assertEquals("Coli-HIP.v2.DLL", OutputName.check("Coli-HIP.v2.DLL", "p"));
    }
}
