package dev.cumps.sim;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Stand-in for {@code nvidia-cuda-mps-server}, started by the control daemon stand-in on
 * {@code start_server -uid UID}. It names itself like the real server, writes a line through its daemon's
 * {@link LogFifo} (the daemon puts it into {@code $CUDA_MPS_LOG_DIRECTORY/server.log}, or on its stdout with
 * {@code -f}) (naming the {@code CUDA_VISIBLE_DEVICES} it inherited from
 * the daemon, as NVIDIA MPS documentation, "Appendix: Tools and Interface Reference", says servers
 * inherit the daemon's environment), and lives until it is signalled or its control
 * daemon goes away (it is then reparented, notices within 250 ms and exits, so that no stand-in
 * server outlives a daemon killed with {@code kill -9}).
 */
public final class MpsServerMain {

    private MpsServerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        ProcName.set("nvidia-cuda-mps-server");
        long pid = ProcessHandle.current().pid();
        String uid = args.length > 0 ? args[0] : "?";
        Path pipe = MpsControlMain.pipeDirectory(System.getenv());
        ControlLog log = new ControlLog(MpsControlMain.logDirectory(System.getenv()).resolve("server.log"), "Server",
                pid, null);
        String devices = System.getenv("CUDA_VISIBLE_DEVICES");
        LogFifo.send(pipe, log.line("Server " + pid + " starting for user " + uid + " on devices "
                + (devices == null || devices.isEmpty() ? "all" : devices)));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LogFifo.send(pipe, log.line("Server " + pid + " exiting")),
                "server-exit"));
        Optional<ProcessHandle> parent = ProcessHandle.current().parent();
        long parentPid = parent.map(ProcessHandle::pid).orElse(-1L);
        while (true) {
            Thread.sleep(250);
            long now = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L);
            if (now != parentPid) {
                // No daemon reads the FIFO any more: straight into server.log.
                log.appendQuietly("Lost connection to control daemon; exiting");
                System.exit(1);
            }
        }
    }
}
