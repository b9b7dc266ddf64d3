package dev.cumps.core.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.testing.Sandbox;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The runner on its own, with stand-in checks: skips come from the declared needs (the first
 * missing one is named), results stream in order, a passing check shows no remedy, and a check
 * list whose needs are not established earlier is refused.
 */
class DoctorRunnerTest {
    private final Sandbox sb = new Sandbox();
    private final List<DoctorCheckId> evaluated = new ArrayList<>();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    /** A check with a fixed status that records that it ran. */
    private Check fixed(DoctorCheckId id, CheckStatus status, Need... needs) {
        return new Check() {
            @Override
            public DoctorCheckId id() {
                return id;
            }

            @Override
            public List<Need> needs() {
                return List.of(needs);
            }

            @Override
            public Finding evaluate(DoctorContext context) {
                evaluated.add(id);
                return new Finding(status, Message.of(DoctorMessages.PLATFORM_OBSERVED, id.id()), Message.of(DoctorMessages.PLATFORM_EXPECTED),
                        Optional.of(Message.of(DoctorMessages.PLATFORM_REMEDY)));
            }
        };
    }

    private Doctor doctor(Check... checks) {
        return new DoctorFixture(sb, sb.host(), sb.mps.runner(), Duration.ofSeconds(1)).doctor(List.of(checks));
    }

    private static CheckResult result(DoctorReport report, DoctorCheckId id) {
        return report.checks().stream().filter(c -> c.checkId() == id).findFirst().orElseThrow();
    }

    /** A check that throws. */
    private Check throwing(DoctorCheckId id, RuntimeException e) {
        return new Check() {
            @Override
            public DoctorCheckId id() {
                return id;
            }

            @Override
            public List<Need> needs() {
                return List.of();
            }

            @Override
            public Finding evaluate(DoctorContext context) {
                evaluated.add(id);
                throw e;
            }
        };
    }

    @Test
    void aCheckThatThrowsIsAFailRowSayingWhyAndTheRestOfTheDoctorRuns() {
        DoctorReport report = doctor(fixed(DoctorCheckId.PLATFORM, CheckStatus.PASS),
                throwing(DoctorCheckId.NVIDIA_SMI, new IllegalStateException("boom")),
                fixed(DoctorCheckId.VISIBILITY, CheckStatus.PASS, Need.NVIDIA_SMI),
                throwing(DoctorCheckId.TOPOLOGY, new CumpsException(Message.of(DoctorMessages.NO_LIVE_DAEMON))),
                fixed(DoctorCheckId.ENV_VISIBLE_INDEX, CheckStatus.PASS)).run(Optional.empty());

        CheckResult smi = result(report, DoctorCheckId.NVIDIA_SMI);
        assertEquals(CheckStatus.FAIL, smi.status());
        assertEquals("the check could not run: IllegalStateException: boom", smi.observed());
        assertEquals("the check runs to its end", smi.expected());
        assertTrue(smi.remedy().contains("cumps doctor --json"), smi.remedy());
        assertEquals("the check could not run: " + DoctorMessages.NO_LIVE_DAEMON.english(), result(report, DoctorCheckId.TOPOLOGY).observed());
        assertEquals(Message.of(DoctorMessages.NO_LIVE_DAEMON), result(report, DoctorCheckId.TOPOLOGY).observedMessage().args().get(0),
                "the window translates the reason too");
        assertEquals("skipped: needs nvidia-smi", result(report, DoctorCheckId.VISIBILITY).observed());
        assertEquals(CheckStatus.PASS, result(report, DoctorCheckId.ENV_VISIBLE_INDEX).status(), "the checks after it ran");
        assertEquals(List.of(DoctorCheckId.PLATFORM, DoctorCheckId.NVIDIA_SMI, DoctorCheckId.TOPOLOGY, DoctorCheckId.ENV_VISIBLE_INDEX),
                evaluated);
        assertEquals(false, report.valid());
    }

    @Test
    void aCancelledRunStillEndsAtOnceWhenACheckThrowsOnTheInterrupt() {
        Doctor doctor = doctor(throwing(DoctorCheckId.PLATFORM, new CumpsException(Message.of(DoctorMessages.RUN_CANCELLED))),
                fixed(DoctorCheckId.NVIDIA_SMI, CheckStatus.PASS));
        CumpsException e = assertThrows(CumpsException.class, () -> doctor.run(Optional.empty()));
        assertEquals(DoctorMessages.RUN_CANCELLED, e.errorMessage().id());
        assertEquals(List.of(DoctorCheckId.PLATFORM), evaluated);
    }

    @Test
    void aCheckWhosePremiseFailedIsSkippedNamingTheFirstMissingNeedAndNotRun() {
        DoctorReport report = doctor(fixed(DoctorCheckId.NVIDIA_SMI, CheckStatus.PASS), fixed(DoctorCheckId.VISIBILITY, CheckStatus.FAIL),
                fixed(DoctorCheckId.TOPOLOGY, CheckStatus.PASS, Need.NVIDIA_SMI, Need.VISIBLE_GPUS)).run(Optional.empty());

        CheckResult topology = result(report, DoctorCheckId.TOPOLOGY);
        assertEquals(CheckStatus.SKIP, topology.status());
        assertEquals("skipped: needs the visible GPUs", topology.observed());
        assertEquals(DoctorMessages.SKIPPED, topology.observedMessage().id());
        assertEquals(Message.of(DoctorMessages.NEED_VISIBLE_GPUS), topology.observedMessage().args().get(0));
        assertEquals("", topology.expected());
        assertEquals("", topology.remedy());
        assertEquals(List.of(DoctorCheckId.NVIDIA_SMI, DoctorCheckId.VISIBILITY), evaluated);
    }

    @Test
    void aSkippedPremiseSkipsItsDependentsInTurn() {
        DoctorReport report = doctor(fixed(DoctorCheckId.NVIDIA_SMI, CheckStatus.FAIL),
                fixed(DoctorCheckId.VISIBILITY, CheckStatus.PASS, Need.NVIDIA_SMI),
                fixed(DoctorCheckId.TOPOLOGY, CheckStatus.PASS, Need.VISIBLE_GPUS)).run(Optional.empty());

        assertEquals("skipped: needs nvidia-smi", result(report, DoctorCheckId.VISIBILITY).observed());
        assertEquals("skipped: needs the visible GPUs", result(report, DoctorCheckId.TOPOLOGY).observed());
        assertEquals(List.of(DoctorCheckId.NVIDIA_SMI), evaluated);
    }

    @Test
    void aWarningEstablishesItsFact() {
        DoctorReport report = doctor(fixed(DoctorCheckId.NVIDIA_SMI, CheckStatus.WARN),
                fixed(DoctorCheckId.VISIBILITY, CheckStatus.PASS, Need.NVIDIA_SMI)).run(Optional.empty());

        assertEquals(CheckStatus.PASS, result(report, DoctorCheckId.VISIBILITY).status());
        assertEquals("Linux", result(report, DoctorCheckId.VISIBILITY).expected());
    }

    @Test
    void aPassingCheckShowsNoRemedyWhileAFailingOneDoes() {
        DoctorReport report = doctor(fixed(DoctorCheckId.PLATFORM, CheckStatus.PASS), fixed(DoctorCheckId.NVIDIA_SMI, CheckStatus.FAIL))
                .run(Optional.empty());

        assertTrue(result(report, DoctorCheckId.PLATFORM).remedyMessage().isEmpty());
        assertEquals("MPS runs only on Linux; use a Linux host", result(report, DoctorCheckId.NVIDIA_SMI).remedy());
    }

    @Test
    void resultsAreHandedOnOneByOneInTheOrderOfTheList() {
        List<DoctorCheckId> heard = new ArrayList<>();
        Doctor doctor = doctor(fixed(DoctorCheckId.ENV_VISIBLE_INDEX, CheckStatus.PASS), fixed(DoctorCheckId.PLATFORM, CheckStatus.FAIL));

        DoctorReport report = doctor.run(Optional.empty(), c -> {
            heard.add(c.checkId());
            assertEquals(heard.size(), evaluated.size(), "a result is handed on before the next check runs");
        });

        assertEquals(List.of(DoctorCheckId.ENV_VISIBLE_INDEX, DoctorCheckId.PLATFORM), heard);
        assertEquals(heard, report.checks().stream().map(CheckResult::checkId).toList());
        assertEquals(false, report.valid());
    }

    @Test
    void aNeedThatNoEarlierCheckEstablishesIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> doctor(fixed(DoctorCheckId.VISIBILITY, CheckStatus.PASS, Need.NVIDIA_SMI), fixed(DoctorCheckId.NVIDIA_SMI, CheckStatus.PASS)));

        assertTrue(e.getMessage().contains("VISIBILITY needs NVIDIA_SMI"), e.getMessage());
    }

    @Test
    void aCheckListedTwiceIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> doctor(fixed(DoctorCheckId.PLATFORM, CheckStatus.PASS), fixed(DoctorCheckId.PLATFORM, CheckStatus.PASS)));
    }

    @Test
    void anInterruptedRunIsCancelledWithAMessage() {
        Doctor doctor = doctor(fixed(DoctorCheckId.PLATFORM, CheckStatus.PASS), fixed(DoctorCheckId.NVIDIA_SMI, CheckStatus.PASS));
        Thread.currentThread().interrupt();
        try {
            CumpsException e = assertThrows(CumpsException.class, () -> doctor.run(Optional.empty()));
            assertEquals(DoctorMessages.RUN_CANCELLED, e.errorMessage().id());
            assertEquals("doctor run cancelled", e.getMessage());
            // Cancelled while the GPU query and the live view were gathered, before any check judged.
            assertEquals(List.of(), evaluated);
        } finally {
            Thread.interrupted();
        }
    }
}
