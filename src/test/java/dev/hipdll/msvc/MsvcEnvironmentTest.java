package dev.hipdll.msvc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The MSVC line of hipdll:build's log. */
class MsvcEnvironmentTest {
    @Test
    void describeNamesToolsetOriginAndWindowsSdk() {
        Path vs = Path.of("/vs/2022/BuildTools");
        Path tools = vs.resolve("VC/Tools/MSVC/14.44.35207");
        Path kits = Path.of("/kits/10");
        MsvcEnvironment m = new MsvcEnvironment(new MsvcToolset("14.44.35207", tools, vs), "hip.vcToolsVersion=14.44",
                new WindowsSdk(kits, "10.0.26100.0"), List.of(vs));
        assertEquals("MSVC toolset 14.44.35207 (" + tools + ") (from hip.vcToolsVersion=14.44), Windows SDK 10.0.26100.0 in "
                + kits, m.describe());
    }
}
