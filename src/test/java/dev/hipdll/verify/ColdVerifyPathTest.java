package dev.hipdll.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The code {@link DllVerifier#verify} runs links no lambda, method reference or stream at run time:
 * in a fresh JVM (a first {@code hipdll:verify}) each lambda or method reference call site spins a
 * hidden class the first time it runs, and about half of the CPU time of a cold verify went to that
 * linkage (docs/performance.md). The classes below are those a verify of the benchmark DLL loads
 * (counted with {@code -Xlog:class+load}), the readers of compressed bundles and the generic-target
 * table, and the report table; each one's class file, and those of its member classes, must not name
 * {@code java/lang/invoke/LambdaMetafactory} (a lambda or method reference), {@code java/util/stream/}
 * or {@code StringConcatFactory} (javac's {@code -XDstringConcat=inline} in pom.xml).
 *
 * <p>{@code dev.hipdll.io.SpecialFiles} is left out on purpose: verify runs only its
 * {@code requireRegular}; its directory listing, for the build, keeps a method reference.
 */
class ColdVerifyPathTest {
    private static final List<String> VERIFY_PATH = List.of(
            "dev.hipdll.bundle.BundleEntry", "dev.hipdll.bundle.BundleEntryId", "dev.hipdll.bundle.BundleInflater",
            "dev.hipdll.bundle.CodeObject", "dev.hipdll.bundle.CodeObjectReader", "dev.hipdll.bundle.CompressedSection",
            "dev.hipdll.bundle.CompressionInfo", "dev.hipdll.bundle.CudaDeviceCode", "dev.hipdll.bundle.CudaDeviceCodeReader",
            "dev.hipdll.bundle.ElfSections", "dev.hipdll.bundle.FatBinaries", "dev.hipdll.bundle.FatBinaryLocator",
            "dev.hipdll.bundle.OffloadBundle", "dev.hipdll.bundle.OffloadBundleReader",
            "dev.hipdll.bytes.BinaryFormatException", "dev.hipdll.bytes.ByteSource", "dev.hipdll.bytes.ReadBudget",
            "dev.hipdll.io.FileOpener", "dev.hipdll.io.StandardFileOpener",
            "dev.hipdll.pe.CoffHeader", "dev.hipdll.pe.DataDirectory", "dev.hipdll.pe.DebugDirectoryReader",
            "dev.hipdll.pe.DllImageCheck", "dev.hipdll.pe.ExportDirectory", "dev.hipdll.pe.ExportReader",
            "dev.hipdll.pe.ExportedSymbol", "dev.hipdll.pe.FileRange", "dev.hipdll.pe.ImageLoadability", "dev.hipdll.pe.ImportReader",
            "dev.hipdll.pe.ImportedModule", "dev.hipdll.pe.ImportedSymbol", "dev.hipdll.pe.OptionalHeader",
            "dev.hipdll.pe.Overlay", "dev.hipdll.pe.PeFile", "dev.hipdll.pe.ResourceReader", "dev.hipdll.pe.SectionHeader",
            "dev.hipdll.pe.SectionIndex", "dev.hipdll.pe.VersionInfoReader", "dev.hipdll.pe.ReadOnce",
            "dev.hipdll.report.CheckTable", "dev.hipdll.findings.DetailBound", "dev.hipdll.verify.ImageSummary",
            "dev.hipdll.gfx.GenericTargets", "dev.hipdll.gfx.GfxTarget", "dev.hipdll.gfx.KnownProcessors",
            "dev.hipdll.verify.Absent", "dev.hipdll.verify.AbsolutePaths", "dev.hipdll.verify.BackgroundTask",
            "dev.hipdll.findings.Check", "dev.hipdll.findings.CheckResults", "dev.hipdll.verify.DetailLines",
            "dev.hipdll.verify.DeviceCodeChecks", "dev.hipdll.verify.DeviceCodeScan", "dev.hipdll.verify.DllVerifier",
            "dev.hipdll.verify.ExportChecks", "dev.hipdll.verify.GpuCoverage", "dev.hipdll.verify.ImportChecks",
            "dev.hipdll.verify.Joined", "dev.hipdll.verify.OverlayCheck", "dev.hipdll.verify.PathChecks",
            "dev.hipdll.verify.PathLeakScanner", "dev.hipdll.verify.PathScan",
            "dev.hipdll.findings.Verdict", "dev.hipdll.verify.VerifyOptions", "dev.hipdll.verify.VerifyReport",
            // Run on every verify
            "dev.hipdll.authenticode.CertificateTable", "dev.hipdll.authenticode.ImageDigest",
            "dev.hipdll.authenticode.DigestPass",
            "dev.hipdll.authenticode.WinCertificate", "dev.hipdll.authenticode.SignerPins",
            "dev.hipdll.pe.SecurityFeatures", "dev.hipdll.pe.LoadConfig", "dev.hipdll.verify.HardeningChecks",
            "dev.hipdll.verify.SignatureChecks", "dev.hipdll.verify.HardeningPolicy", "dev.hipdll.verify.SignatureOptions",
            // the command line's way to the verifier and the reports (java -jar ...-cli.jar verify, a fresh JVM each time)
            "dev.hipdll.cli.PluginDescriptor", "dev.hipdll.cli.DescriptorIndex", "dev.hipdll.cli.SettingsBinder",
            "dev.hipdll.cli.Parameters", "dev.hipdll.cli.VerifyCommand", "dev.hipdll.goal.VerifySetup",
            "dev.hipdll.host.Environment", "dev.hipdll.verify.DllChoice", "dev.hipdll.contract.ContractSource",
            "dev.hipdll.verify.ImportPolicy", "dev.hipdll.report.JsonReport", "dev.hipdll.report.CheckJson");

    /** What a class file names when it links a lambda, a stream or an indified string concatenation. */
    private static final List<String> COLD_COSTS = List.of("java/lang/invoke/LambdaMetafactory", "java/util/stream/",
            "java/lang/invoke/StringConcatFactory");

    @Test
    void theVerifyPathLinksNoLambdaStreamOrIndyConcatenation() throws Exception {
        List<String> offenders = new ArrayList<>();
        int checked = 0;
        for (String name : VERIFY_PATH) {
            Class<?> c = Class.forName(name, false, getClass().getClassLoader());
            checked += check(c, offenders);
        }
        assertEquals(List.of(), offenders, "classes on the verify path that link a lambda, a stream or an"
                + " indified concatenation (each costs a spun class or a bootstrap in a cold JVM)");
        assertTrue(checked > VERIFY_PATH.size(), "member classes were checked too: " + checked);
    }

    /** Checks {@code c} and its member classes; the number of class files read. */
    private static int check(Class<?> c, List<String> offenders) throws IOException {
        String file = c.getName().replace('.', '/') + ".class";
        byte[] bytes;
        try (InputStream in = c.getClassLoader().getResourceAsStream(file)) {
            assertNotNull(in, file);
            bytes = in.readAllBytes();
        }
        // constant pool strings are (modified) UTF-8; these names are plain ASCII
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        for (String cost : COLD_COSTS) {
            if (text.contains(cost)) {
                offenders.add(c.getName() + " names " + cost);
            }
        }
        int n = 1;
        for (Class<?> member : c.getDeclaredClasses()) {
            n += check(member, offenders);
        }
        return n;
    }
}
