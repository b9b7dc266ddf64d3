package dev.cumps.sim;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Entry point of the {@code nvidia-smi} stand-in (see {@link SimTools}). Supports
 * {@code --query-gpu=FIELDS --format=csv[,noheader][,nounits]}, {@code -i/--id}, {@code -L} and
 * a plain summary, and injects the {@link SmiFault} of the {@link SimConfig} read from the
 * environment. docs/simulator.md lists what is mirrored.
 */
public final class NvidiaSmiMain {

    private NvidiaSmiMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        SimConfig config;
        try {
            config = SimConfig.fromEnvironment(System.getenv());
        } catch (IOException | RuntimeException e) {
            System.err.println("cumps-sim: nvidia-smi stand-in: " + e.getMessage());
            System.exit(70);
            return;
        }
        if (config.smiFault() == SmiFault.HANG) {
            while (true) {
                Thread.sleep(Long.MAX_VALUE);
            }
        }
        NvidiaSmi.Output output = NvidiaSmi.run(List.of(args), config, SimApps.live(SimApps.directory(System.getenv())),
                System.currentTimeMillis() / 1000);
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        out.print(output.stdout());
        out.flush();
        System.err.print(output.stderr());
        System.err.flush();
        System.exit(output.exitCode());
    }
}
