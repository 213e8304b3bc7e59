package dev.hipdll.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.testing.GuardedDll;
import dev.hipdll.testing.Patch;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code hardening.guard-cf} or {@code hardening.cet-compat} PASS needs the structure its flags name
 *: a real /guard:cf /CETCOMPAT DLL built here ({@link GuardedDll}) with one load configuration field changed
 * at a time fails "claimed but not present" naming the field, under the default policy (where a missing CFG only
 * warns); each case is compared with llvm-readobj-19 {@code --coff-load-config}, and no file it refuses passes.
 */
class HardeningClaimsTest {
    @TempDir
    static Path dir;
    static Path dll;

    // IMAGE_LOAD_CONFIG_DIRECTORY64 offsets
    static final int CHECK = 0x70;
    static final int DISPATCH = 0x78;
    static final int TABLE = 0x80;
    static final int COUNT = 0x88;
    static final int FLAGS = 0x90;
    static final int LONGJUMP = 0xB0;
    static final int LONGJUMP_COUNT = 0xB8;
    static final int EHCONT = 0x108;
    static final int IAT_COUNT = 0xA8;
    static final long BASE = 0x180000000L;

    @BeforeAll
    static void build() {
        Toolchain.require("llvm-readobj-19");
        dll = GuardedDll.build(dir.resolve("built"));
    }

    private static Check check(Path file, String id) throws Exception {
        VerifyReport r = new DllVerifier().verify(file, VerifyOptions.of(new AbiContract.CountContract("x", 0, "test")));
        return r.checks().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private record Case(String name, Path file, String id, String field) {
    }

    @Test
    void theBuiltDllPassesAndReadobjReadsIt() throws Exception {
        Check cfg = check(dll, CheckIds.HARDENING_GUARD_CF);
        assertEquals(Verdict.PASS, cfg.verdict(), cfg.toString());
        Check cet = check(dll, CheckIds.HARDENING_CET_COMPAT);
        assertEquals(Verdict.PASS, cet.verdict(), cet.toString());
        assertTrue(GuardedDll.readobjAccepts(dll));
    }

    @Test
    void aClaimWithoutItsStructureFailsNamingTheFieldAndNothingReadobjRefusesPasses() throws Exception {
        long off = GuardedDll.loadConfigOffset(dll);
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("function table flagged present, no table", GuardedDll.u64(dll, dir.resolve("notable.dll"),
                TABLE, 0), CheckIds.HARDENING_GUARD_CF, "GuardCFFunctionTable"));
        Path far = GuardedDll.u64(dll, dir.resolve("far.dll"), TABLE, BASE + 0x100000);
        cases.add(new Case("table outside the image, 2^32-1 entries", GuardedDll.u64(far, dir.resolve("far-huge.dll"),
                COUNT, 0xFFFFFFFFL), CheckIds.HARDENING_GUARD_CF, "GuardCFFunctionTable"));
        cases.add(new Case("2^32-1 entries in .rdata (readobj's end address wraps)", GuardedDll.u64(dll,
                dir.resolve("huge.dll"), COUNT, 0xFFFFFFFFL), CheckIds.HARDENING_GUARD_CF, "GuardCFFunctionTable"));
        cases.add(new Case("100 entries: past the section", GuardedDll.u64(dll, dir.resolve("past.dll"), COUNT, 100),
                CheckIds.HARDENING_GUARD_CF, "GuardCFFunctionTable"));
        cases.add(new Case("check function pointer outside the image", GuardedDll.u64(dll, dir.resolve("check.dll"),
                CHECK, 0x1900000000L), CheckIds.HARDENING_GUARD_CF, "GuardCFCheckFunctionPointer"));
        cases.add(new Case("dispatch function pointer outside the image", GuardedDll.u64(dll, dir.resolve("dispatch.dll"),
                DISPATCH, BASE - 8), CheckIds.HARDENING_GUARD_CF, "GuardCFDispatchFunctionPointer"));
        Path thirty = GuardedDll.u64(dll, dir.resolve("thirty.dll"), COUNT, 30);
        assertEquals(Verdict.PASS, check(thirty, CheckIds.HARDENING_GUARD_CF).verdict(), "30 entries of 4 bytes fit");
        cases.add(new Case("30 entries of 19 bytes (GuardFlags size mask 15) run past the section", Patch.u32(thirty,
                dir.resolve("stride.dll"), off + FLAGS, 0xF0010500L), CheckIds.HARDENING_GUARD_CF, "GuardCFFunctionTable"));
        cases.add(new Case("long jump table outside the image", GuardedDll.u64(GuardedDll.u64(dll,
                dir.resolve("lj0.dll"), LONGJUMP, BASE + 0x100000), dir.resolve("lj.dll"), LONGJUMP_COUNT, 1),
                CheckIds.HARDENING_GUARD_CF, "GuardLongJumpTargetTable"));
        cases.add(new Case("address-taken IAT count without a table", GuardedDll.u64(dll, dir.resolve("iat.dll"),
                IAT_COUNT, 3), CheckIds.HARDENING_GUARD_CF, "GuardAddressTakenIatEntryTable"));
        Path eh = Patch.u32(dll, dir.resolve("eh0.dll"), off + FLAGS, 0x410500L);
        cases.add(new Case("EH continuation table outside the image (CET)", GuardedDll.u64(GuardedDll.u64(eh,
                dir.resolve("eh1.dll"), EHCONT, BASE + 0x100000), dir.resolve("eh.dll"), EHCONT + 8, 2),
                CheckIds.HARDENING_CET_COMPAT, "GuardEHContinuationTable"));
        // inputs LoadConfigFuzzTest found passing where llvm-readobj-19 refuses them, kept as regressions
        cases.add(new Case("empty SEH table at a section's first byte (readobj reads its end at the byte before)",
                GuardedDll.u64(dll, dir.resolve("seh.dll"), 0x60, BASE + 0x1000), CheckIds.HARDENING_GUARD_CF, "SEHandlerTable"));
        cases.add(new Case("hybrid metadata pointer outside the image", GuardedDll.u64(dll, dir.resolve("chpe.dll"), 0xC8,
                BASE + 0x100000), CheckIds.HARDENING_GUARD_CF, "CHPEMetadataPointer"));
        cases.add(new Case("EH continuation table outside the image, for guard-cf", cases.get(cases.size() - 3).file(),
                CheckIds.HARDENING_GUARD_CF, "GuardEHContinuationTable"));
        List<String> table = new ArrayList<>();
        for (Case c : cases) {
            Check k = check(c.file(), c.id());
            boolean readobj = GuardedDll.readobjAccepts(c.file());
            table.add(String.format("%-70s %s readobj %s: %s", c.name(), k.verdict(), readobj ? "accepts" : "refuses",
                    k.found()));
            assertEquals(Verdict.FAIL, k.verdict(), c.name() + ": " + k);
            assertTrue(k.found().contains("claimed but not present") && k.found().contains(c.field()),
                    c.name() + ": " + k.found());
        }
        table.forEach(System.out::println);
        // the differential: llvm-readobj-19 refuses these (a table address or end outside every section) and accepts
        // the pointer cases, the wrapped count and the claims of a table at 0, which it does not read
        assertFalse(GuardedDll.readobjAccepts(cases.get(1).file()), "readobj refuses a table outside the image");
        assertFalse(GuardedDll.readobjAccepts(cases.get(3).file()), "readobj refuses a table past its section");
        assertTrue(GuardedDll.readobjAccepts(cases.get(4).file()), "readobj prints the check pointer without reading it");
    }
}
