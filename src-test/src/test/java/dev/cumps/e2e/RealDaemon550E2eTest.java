package dev.cumps.e2e;

/**
 * {@link RealDaemonScenarios} against NVIDIA's R550 control daemon (550.163.01, Debian trixie non-free),
 * which writes {@code nvidia-cuda-mps-control.pid} into its pipe directory.
 */
class RealDaemon550E2eTest extends RealDaemonScenarios {
    @Override
    String branch() {
        return "550";
    }

    @Override
    boolean writesPidFile() {
        return true;
    }
}
