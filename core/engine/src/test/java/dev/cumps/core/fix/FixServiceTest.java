package dev.cumps.core.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.CheckResult;
import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.doctor.FixTarget;
import dev.cumps.core.message.Message;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordCodec;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The doctor's guided fixes over a fake host: the plan's dry-run text names exactly what will be
 * done; applying re-checks each target right before and refuses (changing nothing) when the record
 * is live again or changed, the daemon it keeps is gone, the file was swapped for a link or belongs
 * to another user (uid 65534), or the directory is no longer private; nothing else is touched.
 */
class FixServiceTest {
    private static final String PID_FILE = "nvidia-cuda-mps-control.pid";
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void close() {
        sb.close();
    }

    private DoctorReport doctor(String selector) {
        return sb.services().doctor().run(Optional.ofNullable(selector));
    }

    private List<Fix> plan() {
        return sb.services().fixes().plan(doctor(null));
    }

    private FixOutcome apply(Fix fix) {
        return sb.services().fixes().apply(fix);
    }

    private static Fix only(List<Fix> plan, String kind) {
        List<Fix> of = plan.stream().filter(f -> f.target().kind().equals(kind)).toList();
        assertEquals(1, of.size(), plan.toString());
        return of.get(0);
    }

    private static CheckResult check(DoctorReport report, DoctorCheckId id) {
        return report.checks().stream().filter(c -> c.checkId() == id).findFirst().orElseThrow();
    }

    /** A daemon that died without cleaning up: stale record, orphaned socket, stale pid file. */
    private DaemonRecord crashed(String name) {
        DaemonRecord r = sb.start(name);
        sb.mps.crash(r.pipeDirectory());
        return r;
    }

    @Test
    void aCrashedDaemonsLeftoversArePlannedWithExactlyWhatWillBeDone() {
        DaemonRecord r = crashed("gone");

        List<Fix> plan = plan();

        assertEquals(List.of("remove_stale_record", "remove_orphaned_socket", "remove_stale_pid_file"),
                plan.stream().map(f -> f.target().kind()).toList());
        assertEquals("move the stale record " + sb.recordFile("gone") + " (pid " + r.pid() + " start " + r.processStartTicks()
                + ", no longer running) aside to " + sb.records.resolve(".stale"), plan.get(0).describe());
        assertEquals("remove the orphaned control socket " + r.pipeDirectory().resolve("control")
                + " (nothing listens; no live record names its directory)", plan.get(1).describe());
        assertEquals("remove the stale pid file " + r.pipeDirectory().resolve(PID_FILE) + " (it names pid " + r.pid()
                + ", which is no running MPS control daemon)", plan.get(2).describe());
        assertEquals(DoctorCheckId.STALE_RECORDS, plan.get(0).check());
    }

    @Test
    void applyingTheFixesCleansExactlyTheLeftoversAndTheDoctorPassesThem() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        DaemonRecord live = sb.start("keep", 0);
        DaemonRecord gone = sb.start("gone", 1);
        sb.mps.crash(gone.pipeDirectory());
        List<Fix> plan = sb.services().fixes().plan(doctor("0"));

        List<FixOutcome> outcomes = sb.services().fixes().applyAll(plan);

        assertTrue(outcomes.stream().allMatch(FixOutcome::applied), outcomes.toString());
        assertFalse(Files.exists(sb.recordFile("gone")));
        assertTrue(outcomes.get(0).message().startsWith("moved the stale record gone to " + sb.records.resolve(".stale").resolve("gone-")),
                outcomes.get(0).message());
        assertFalse(Files.exists(gone.pipeDirectory().resolve("control"), LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.exists(gone.pipeDirectory().resolve(PID_FILE), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isDirectory(gone.pipeDirectory()), "only the leftovers are removed, not the directory");
        // Moving the stale record aside removed its dead daemon's leftovers too: their own fixes find them gone.
        assertEquals(gone.pipeDirectory().resolve("control") + " is already gone (removed with its stale record)", outcomes.get(1).message());
        // The live daemon next to it is untouched.
        assertTrue(sb.processes.isAlive(live.identity()));
        assertTrue(Files.exists(live.pipeDirectory().resolve("control"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(live.pipeDirectory().resolve(PID_FILE)));
        assertTrue(Files.exists(sb.recordFile("keep")));
        DoctorReport after = doctor("0");
        for (DoctorCheckId id : List.of(DoctorCheckId.STALE_RECORDS, DoctorCheckId.ORPHANED_SOCKETS, DoctorCheckId.STALE_PID_FILES)) {
            assertEquals(CheckStatus.PASS, check(after, id).status(), id.id());
        }
        assertTrue(sb.services().fixes().plan(after).isEmpty());
    }

    @Test
    void aLiveDaemonOffersNoFix() {
        sb.start("fine");

        assertTrue(plan().isEmpty());
    }

    @Test
    void theStaleRecordFixRefusesARecordThatIsLiveAgain() {
        DaemonRecord r = crashed("back");
        Fix fix = only(plan(), "remove_stale_record");
        sb.processes.put(r.pid(), "nvidia-cuda-mps", r.processStartTicks());

        FixOutcome outcome = apply(fix);

        assertFalse(outcome.applied());
        assertEquals("not done: record back names a running daemon now", outcome.message());
        assertTrue(Files.exists(sb.recordFile("back")));
    }

    @Test
    void theStaleRecordFixRefusesARecordThatChanged() {
        DaemonRecord r = crashed("changed");
        Fix fix = only(plan(), "remove_stale_record");
        sb.handRecord("changed", r.pid() + 1, 77, r.pipeDirectory(), r.logDirectory());

        FixOutcome outcome = apply(fix);

        assertFalse(outcome.applied());
        assertEquals("not done: record changed no longer names pid " + r.pid() + " start " + r.processStartTicks()
                + " (it changed since the doctor ran)", outcome.message());
        assertTrue(Files.exists(sb.recordFile("changed")));
    }

    @Test
    void theSocketFixRefusesALinkPutInItsPlaceAndRemovesNeitherLinkNorTarget() throws IOException {
        DaemonRecord r = crashed("linked");
        Fix fix = only(plan(), "remove_orphaned_socket");
        Path socket = r.pipeDirectory().resolve("control");
        Path elsewhere = Files.writeString(sb.dir.resolve("precious"), "keep me");
        Files.delete(socket);
        Files.createSymbolicLink(socket, elsewhere);

        FixOutcome outcome = apply(fix);

        assertFalse(outcome.applied());
        assertEquals("not done: " + socket + " is no longer an orphaned control socket of yours (gone, a link, another owner's, or served)",
                outcome.message());
        assertTrue(Files.isSymbolicLink(socket));
        assertEquals("keep me", Files.readString(elsewhere));
    }

    @Test
    void theSocketFixRefusesAnotherUsersSocket() throws IOException {
        DaemonRecord r = crashed("theirs");
        Fix fix = only(plan(), "remove_orphaned_socket");
        Path socket = r.pipeDirectory().resolve("control");
        Sandbox.run("chown", "-h", "65534", socket.toString());

        FixOutcome outcome = apply(fix);

        assertFalse(outcome.applied());
        assertTrue(Files.exists(socket, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void theSocketFixRefusesASocketThatIsServedAgain() throws IOException {
        DaemonRecord r = crashed("served");
        Fix fix = only(plan(), "remove_orphaned_socket");
        Path socket = r.pipeDirectory().resolve("control");
        Files.delete(socket);
        sb.mps.bind(socket);

        FixOutcome outcome = apply(fix);

        assertFalse(outcome.applied());
        assertTrue(Files.exists(socket, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void leftoverFixesRefuseADirectoryThatIsNoLongerPrivate() throws IOException {
        DaemonRecord r = crashed("opened");
        List<Fix> plan = plan();
        Files.setPosixFilePermissions(r.pipeDirectory(), PosixFilePermissions.fromString("rwxr-xr-x"));

        FixOutcome socket = apply(only(plan, "remove_orphaned_socket"));
        FixOutcome pidFile = apply(only(plan, "remove_stale_pid_file"));

        assertFalse(socket.applied());
        assertFalse(pidFile.applied());
        assertEquals("not done: " + r.pipeDirectory() + " is not a private directory of yours (a real directory, owned by uid " + sb.uid
                + ", mode 0700)", socket.message());
        assertTrue(Files.exists(r.pipeDirectory().resolve("control"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(r.pipeDirectory().resolve(PID_FILE)));
    }

    @Test
    void leftoverFixesRefuseADirectoryOfAnotherUser() {
        DaemonRecord r = crashed("chowned");
        List<Fix> plan = plan();
        Sandbox.run("chown", "65534", r.pipeDirectory().toString());

        assertFalse(apply(only(plan, "remove_orphaned_socket")).applied());
        assertFalse(apply(only(plan, "remove_stale_pid_file")).applied());
        assertTrue(Files.exists(r.pipeDirectory().resolve("control"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(r.pipeDirectory().resolve(PID_FILE), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void thePidFileFixRefusesAFileThatNowNamesARunningDaemon() throws IOException {
        DaemonRecord r = crashed("reused");
        Fix fix = only(plan(), "remove_stale_pid_file");
        sb.processes.put(r.pid(), "nvidia-cuda-mps", r.processStartTicks() + 500);

        FixOutcome outcome = apply(fix);

        assertFalse(outcome.applied());
        assertEquals("not done: " + r.pipeDirectory().resolve(PID_FILE) + " is no longer a stale pid file of yours naming pid " + r.pid(),
                outcome.message());
        assertTrue(Files.exists(r.pipeDirectory().resolve(PID_FILE)));
    }

    @Test
    void thePidFileFixRefusesALinkAndAnotherUsersFile() throws IOException {
        DaemonRecord r = crashed("pidlink");
        Fix fix = only(plan(), "remove_stale_pid_file");
        Path pidFile = r.pipeDirectory().resolve(PID_FILE);
        Path elsewhere = Files.writeString(sb.dir.resolve("other.pid"), r.pid() + "\n");
        Files.delete(pidFile);
        Files.createSymbolicLink(pidFile, elsewhere);

        assertFalse(apply(fix).applied());
        assertTrue(Files.isSymbolicLink(pidFile));
        assertTrue(Files.exists(elsewhere));

        Files.delete(pidFile);
        Files.writeString(pidFile, r.pid() + "\n");
        Sandbox.run("chown", "65534", pidFile.toString());
        assertFalse(apply(fix).applied());
        assertTrue(Files.exists(pidFile));
    }

    @Test
    void anExtraDaemonOnAGpuIsTheNewerOneAndIsStoppedThroughTheVerifiedStop() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        DaemonRecord one = sb.start("one", 0);
        DaemonRecord two = onGpu0(sb.start("two", 1));

        List<Fix> plan = sb.services().fixes().plan(doctor("0"));
        Fix fix = only(plan, "stop_extra_daemon");
        assertEquals(new FixTarget.ExtraDaemon("two", two.pid(), two.processStartTicks(), FakeGpu.uuidFor(0), "one"), fix.target());
        assertEquals("stop daemon two (pid " + two.pid() + " start " + two.processStartTicks() + "), the newer of two on GPU "
                + FakeGpu.uuidFor(0) + ", keeping one: `quit` after verifying its pid and start time, as `cumps stop --name two`",
                fix.describe());

        FixOutcome outcome = apply(fix);

        assertTrue(outcome.applied(), outcome.message());
        assertFalse(sb.processes.isAlive(two.identity()));
        assertTrue(sb.processes.isAlive(one.identity()), "the older daemon keeps serving the GPU");
        assertFalse(Files.exists(sb.recordFile("two")));
        assertEquals(CheckStatus.PASS, check(doctor("0"), DoctorCheckId.DAEMON_COUNT).status());
    }

    @Test
    void theExtraDaemonIsNotStoppedWhenTheOneItWouldLeaveHasGone() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        DaemonRecord one = sb.start("one", 0);
        DaemonRecord two = onGpu0(sb.start("two", 1));
        Fix fix = only(sb.services().fixes().plan(doctor("0")), "stop_extra_daemon");
        sb.processes.kill(one.pid());

        FixOutcome outcome = apply(fix);

        assertFalse(outcome.applied());
        assertEquals("not done: two is no longer an extra daemon on GPU " + FakeGpu.uuidFor(0) + " (one, which would keep serving it,"
                + " is not live)", outcome.message());
        assertTrue(sb.processes.isAlive(two.identity()));
    }

    @Test
    void theExtraDaemonIsNotStoppedWhenItsPidWasReused() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        sb.start("one", 0);
        DaemonRecord two = onGpu0(sb.start("two", 1));
        Fix fix = only(sb.services().fixes().plan(doctor("0")), "stop_extra_daemon");
        sb.processes.reuse(two.pid(), "bash", two.processStartTicks() + 99);

        FixOutcome outcome = apply(fix);

        assertFalse(outcome.applied());
        assertEquals("not done: daemon two (pid " + two.pid() + " start " + two.processStartTicks() + ") no longer runs; nothing stopped",
                outcome.message());
        assertTrue(sb.processes.exists(two.pid()), "the process that took the pid over is not signalled");
        assertTrue(Files.exists(sb.recordFile("two")));
    }

    @Test
    void aCopiedRecordOfTheKeptDaemonOffersNoStopAndFixingAllLeavesTheDaemonRunning() {
        DaemonRecord one = sb.start("one");
        // The same daemon (pid and start time) under another name: a daemon.json copied by hand. "a-copy" sorts first.
        DaemonRecord copy = copyOf(one, "a-copy");

        DoctorReport report = doctor("0");
        List<Fix> plan = sb.services().fixes().plan(report);
        sb.services().fixes().applyAll(plan);

        assertTrue(plan.stream().noneMatch(f -> f.target().kind().equals("stop_extra_daemon")), plan.toString());
        assertTrue(sb.processes.isAlive(one.identity()), "the one daemon both records name runs on");
        assertTrue(sb.processes.terminated().isEmpty(), sb.processes.terminated().toString());
        assertTrue(sb.mps.clientCommands().stream().noneMatch(c -> c != null && c.strip().equals("quit")), sb.mps.clientCommands().toString());
        CheckResult count = check(report, DoctorCheckId.DAEMON_COUNT);
        assertEquals(CheckStatus.FAIL, count.status());
        assertEquals("records a-copy, one all name one daemon (pid " + one.pid() + "), most likely a copied daemon.json: delete the"
                + " copy's record file by hand; stopping any of them would stop that daemon", count.remedy());
        assertTrue(Files.exists(sb.recordFile("one")) && Files.exists(sb.recordFile(copy.name())));
    }

    @Test
    void anExtraDaemonFixNamingTheKeptDaemonUnderAnotherRecordIsRefused() {
        DaemonRecord one = sb.start("one");
        copyOf(one, "copy");
        // A fix as a doctor that counted records, not daemons, planned it (or as a report made before the copy was placed).
        FixTarget.ExtraDaemon target = new FixTarget.ExtraDaemon("copy", one.pid(), one.processStartTicks(), FakeGpu.uuidFor(0), "one");
        Fix fix = new Fix(DoctorCheckId.DAEMON_COUNT, target, Message.of(FixMessages.DESCRIBE_EXTRA_DAEMON, "copy", one.pid(),
                one.processStartTicks(), FakeGpu.uuidFor(0), "one"));

        FixOutcome outcome = apply(fix);

        assertFalse(outcome.applied());
        assertEquals("not done: records copy and one name the same daemon (pid " + one.pid() + " start " + one.processStartTicks()
                + "); stopping copy would stop the daemon kept for one, so nothing was stopped", outcome.message());
        assertTrue(sb.processes.isAlive(one.identity()));
        assertTrue(sb.mps.clientCommands().stream().noneMatch(c -> c != null && c.strip().equals("quit")), sb.mps.clientCommands().toString());
    }

    /** {@code r}'s record copied byte for byte but for the name, as {@code cp daemon.json} under another name would. */
    private DaemonRecord copyOf(DaemonRecord r, String name) {
        DaemonRecord copy = new DaemonRecord(name, r.uid(), r.host(), r.topologyMode(), r.gpuUuids(), r.pipeDirectory(),
                r.logDirectory(), r.pid(), r.processStartTicks(), r.createdAt());
        sb.writeRaw(name, RecordCodec.encode(copy));
        return copy;
    }

    /** Rewrites {@code r}'s record to name GPU 0, as a second daemon on one GPU would be recorded. */
    private DaemonRecord onGpu0(DaemonRecord r) {
        DaemonRecord moved = new DaemonRecord(r.name(), r.uid(), r.host(), r.topologyMode(), List.of(FakeGpu.uuidFor(0)), r.pipeDirectory(),
                r.logDirectory(), r.pid(), r.processStartTicks(), r.createdAt());
        sb.writeRaw(r.name(), RecordCodec.encode(moved));
        return moved;
    }
}
