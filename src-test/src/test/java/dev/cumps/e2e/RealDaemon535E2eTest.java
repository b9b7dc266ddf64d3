package dev.cumps.e2e;

/**
 * {@link RealDaemonScenarios} against NVIDIA's R535 control daemon (535.261.03, Debian bookworm non-free):
 * it writes no {@code nvidia-cuda-mps-control.pid} and answers {@code get_server_status} with
 * {@code Unknown command}, so cumps must find and check its daemon without them.
 */
class RealDaemon535E2eTest extends RealDaemonScenarios {
    @Override
    String branch() {
        return "535";
    }

    @Override
    boolean writesPidFile() {
        return false;
    }
}
