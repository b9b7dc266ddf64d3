package dev.cumps.core.mps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MpsLimitsTest {
    @ParameterizedTest
    @CsvSource({"1,1", "25,25", "100,100", "' 50 ',50"})
    void wholePercentagesFromOneToAHundredAreAccepted(String text, int expected) {
        assertEquals(expected, MpsLimits.parsePercentage(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "101", "-5", "25.5", "", "lots", "1000", "0x10"})
    void otherPercentagesAreRefusedSayingWhatToWrite(String text) {
        CumpsException e = assertThrows(CumpsException.class, () -> MpsLimits.parsePercentage(text));
        assertEquals("invalid active thread percentage '" + text + "': give a whole number from 1 to 100, e.g. 25", e.getMessage());
        assertEquals(MpsMessages.LIMIT_PERCENTAGE_INVALID, e.errorMessage().id());
    }

    @ParameterizedTest
    @CsvSource({"512M,512", "8G,8192", "8g,8192", "1M,1", "1024M,1024", "1048576G,1073741824"})
    void sizesInMebibytesOrGibibytesAreAccepted(String text, long mib) {
        assertEquals(mib, MpsLimits.parseSizeMiB(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"8", "8T", "0M", "0G", "1.5G", "G", "-1G", "8 G", "1048577G", "99999999999M", ""})
    void otherSizesAreRefusedSayingWhatToWrite(String text) {
        CumpsException e = assertThrows(CumpsException.class, () -> MpsLimits.parseSizeMiB(text));
        assertEquals("invalid pinned memory limit '" + text + "': give a whole number of mebibytes or gibibytes, e.g. 512M or 8G",
                e.getMessage());
    }

    @Test
    void sizesPrintInTheirShortestWholeUnit() {
        assertEquals("1G", MpsLimits.sizeText(1024));
        assertEquals("1536M", MpsLimits.sizeText(1536));
        assertEquals(Optional.of("8G"), MpsLimits.parse(Optional.empty(), Optional.of("8192M")).pinnedMemLimitText());
    }

    @Test
    void parseLeavesAbsentValuesUnsetAndOverridingKeepsWhatIsNotGiven() {
        MpsLimits both = MpsLimits.parse(Optional.of("25"), Optional.of("8G"));
        assertTrue(MpsLimits.parse(Optional.empty(), Optional.empty()).isEmpty());
        MpsLimits onlyPercent = new MpsLimits(OptionalInt.of(50), OptionalLong.empty());
        assertEquals(new MpsLimits(OptionalInt.of(50), OptionalLong.of(8192)), both.overriddenBy(onlyPercent));
    }

    @Test
    void theRecordTypeRefusesOutOfRangeValues() {
        assertThrows(IllegalArgumentException.class, () -> new MpsLimits(OptionalInt.of(0), OptionalLong.empty()));
        assertThrows(IllegalArgumentException.class, () -> new MpsLimits(OptionalInt.empty(), OptionalLong.of(0)));
    }
}
