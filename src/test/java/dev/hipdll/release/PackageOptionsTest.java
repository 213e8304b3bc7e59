package dev.hipdll.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.verify.VerifyOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link PackageOptions}' builder: its defaults are the values {@code of(verify)} had when they were spelled out
 * positionally, {@code toBuilder()} keeps every component, and the record's validation still applies.
 */
class PackageOptionsTest {
    static final VerifyOptions VERIFY = VerifyOptions.of(new AbiContract.CountContract("coli_cuda_", 0, "t"));

    @Test
    void theBuildersDefaultsAreTheOldPositionalDefaults() {
        PackageOptions old = new PackageOptions(VERIFY, List.of("coli_hip.dll"), PackageLimits.DEFAULT, 2L << 30, false,
                null, Duration.ofMinutes(10), 20);
        assertEquals(old, PackageOptions.builder(VERIFY).build());
        assertEquals(old, PackageOptions.of(VERIFY));
    }

    @Test
    void toBuilderKeepsEveryComponent() {
        PackageOptions set = PackageOptions.builder(VERIFY).backends(List.of("a*.dll")).limits(new PackageLimits(5, 6, 7, 8))
                .budgetBytes(1234).failOverBudget(true).temporaryParent(Path.of("tmp")).timeLimit(Duration.ofSeconds(3))
                .detailedFiles(0).build();
        assertEquals(set, set.toBuilder().build());
        VerifyOptions other = VERIFY.toBuilder().failOnExtraExports(false).build();
        assertEquals(other, set.toBuilder().verify(other).build().verify());
    }

    @Test
    void theRecordsValidationStillApplies() {
        assertThrows(IllegalArgumentException.class, () -> PackageOptions.builder(VERIFY).budgetBytes(0).build());
        assertThrows(IllegalArgumentException.class, () -> PackageOptions.builder(VERIFY).timeLimit(Duration.ZERO).build());
        assertThrows(IllegalArgumentException.class, () -> PackageOptions.builder(VERIFY).detailedFiles(-1).build());
    }
}
