package dev.hipdll.parameter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link StrictBoolean}, {@link DurationValue}, {@link ClosestName} and {@link UnknownNames}. */
class StrictParameterValuesTest {
    @Test
    void booleansAreTrueOrFalseOnly() {
        assertTrue(StrictBoolean.parse("true"));
        assertTrue(StrictBoolean.parse(" TRUE "));
        assertFalse(StrictBoolean.parse("false"));
        for (String bad : new String[] {"flase", "yes", "1", "", "truee"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StrictBoolean.parse(bad));
            assertEquals("'" + bad + "' is not true or false", e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> StrictBoolean.parse(null));
    }

    @Test
    void durationsInSecondsOrWithUnits() {
        assertEquals(Duration.ofSeconds(3600), DurationValue.parse("3600"));
        assertEquals(Duration.ofSeconds(90), DurationValue.parse("90s"));
        assertEquals(Duration.ofMinutes(10), DurationValue.parse("10m"));
        assertEquals(Duration.ofHours(1), DurationValue.parse("1H"));
        assertEquals(Duration.ofMinutes(90), DurationValue.parse("1h30m"));
        assertEquals(Duration.ofSeconds(150), DurationValue.parse(" 2m30s "));
        assertEquals(Duration.ofMinutes(10), DurationValue.parse("PT10M"));
        assertEquals(Duration.ZERO, DurationValue.parse("0s"));
        for (String bad : new String[] {"10x", "", "m", "-5", "1.5h", "30s10m", "99999999999999h", "PT-5S"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DurationValue.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("'" + bad + "' is not a duration: expected whole seconds"), e.getMessage());
        }
        assertEquals("1h30m", DurationValue.format(Duration.ofMinutes(90)));
        assertEquals("0s", DurationValue.format(Duration.ZERO));
    }

    @Test
    void theClosestNameWithinAFewEdits() {
        List<String> known = List.of("contract", "exports", "exportsFile", "staticRuntime");
        assertEquals(Optional.of("contract"), ClosestName.of("contrat", known));
        assertEquals(Optional.of("staticRuntime"), ClosestName.of("StaticRuntme", known));
        assertEquals(Optional.empty(), ClosestName.of("colour", known));
        assertEquals(3, ClosestName.distance("kitten", "sitting"));
        assertEquals(0, ClosestName.distance("", ""));
    }

    @Test
    void unknownNamesAreWarnedAboutOnceEach() {
        List<String> w = UnknownNames.warnings(List.of("hip.contrat", "hip.sdkRoot", "hip.contrat", "hip.zzzzzzzzzzzz"),
                Set.of("hip.contract", "hip.sdkRoot"), "property", "on the command line", "-D%s");
        assertEquals(List.of("unknown property -Dhip.contrat on the command line (ignored); did you mean -Dhip.contract?",
                "unknown property -Dhip.zzzzzzzzzzzz on the command line (ignored); no hipdll goal has a property of a"
                        + " similar name"), w);
    }
}
