package dev.cumps.sim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The simulated GPU processes: each simulated client ({@link MpsClientMain}) leaves a file
 * {@code apps/<pid>} beside the sandbox's config file holding {@code <gpu uuid>,<used MiB>}, and the
 * {@code nvidia-smi} stand-ins list the files whose pid still runs, as nvidia-smi lists the
 * processes that hold GPU memory. Without a config file (a bare stand-in) there are none.
 */
final class SimApps {

    /** One process on a GPU. */
    record App(long pid, String gpuUuid, long usedMiB) {
    }

    private SimApps() {
    }

    /** The apps folder for the config the environment names, if any. */
    static Optional<Path> directory(Map<String, String> env) {
        String config = env.get(SimConfig.ENV_CONFIG);
        if (config == null || config.isEmpty()) {
            return Optional.empty();
        }
        Path parent = Path.of(config).toAbsolutePath().getParent();
        return parent == null ? Optional.empty() : Optional.of(parent.resolve("apps"));
    }

    /**
     * Records {@code pid} as using {@code usedMiB} on {@code gpuUuid}. Creates the apps folder itself, never the
     * folders above it: a client that attaches while its sandbox is being removed (the console's guard cleaning up
     * after the console vanished mid-demo) fails here rather than bringing the sandbox back after the removal.
     */
    static Path write(Path directory, long pid, String gpuUuid, long usedMiB) throws IOException {
        try {
            Files.createDirectory(directory);
        } catch (FileAlreadyExistsException there) {
            // an earlier client made it; whatever else stands there, the write below uses or fails on, as before
        }
        Path file = directory.resolve(Long.toString(pid));
        Files.writeString(file, gpuUuid + "," + usedMiB + "\n", StandardCharsets.UTF_8);
        return file;
    }

    /** The apps whose process still runs, by pid; files that are not ours to read are skipped. */
    static List<App> live(Optional<Path> directory) {
        List<App> apps = new ArrayList<>();
        if (directory.isEmpty() || !Files.isDirectory(directory.get(), LinkOption.NOFOLLOW_LINKS)) {
            return apps;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory.get())) {
            for (Path file : files) {
                parse(file).filter(app -> SimProcs.running(app.pid()))
                        .ifPresent(apps::add);
            }
        } catch (IOException e) {
            return apps;
        }
        apps.sort((a, b) -> Long.compare(a.pid(), b.pid()));
        return apps;
    }

    private static Optional<App> parse(Path file) {
        String name = file.getFileName().toString();
        if (!name.matches("[1-9][0-9]{0,9}") || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try {
            String[] parts = Files.readString(file, StandardCharsets.UTF_8).strip().split(",");
            if (parts.length != 2 || !parts[1].matches("[0-9]{1,9}")) {
                return Optional.empty();
            }
            return Optional.of(new App(Long.parseLong(name), parts[0], Long.parseLong(parts[1])));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The utilisation of a GPU with {@code clients} processes at {@code epochSecond}: 0 when idle,
     * else {@code min(100, 30 × clients + epochSecond mod 20)}, so it moves from second to second
     * and grows with the load, deterministically (the Python stand-in computes the same).
     */
    static int utilization(int clients, long epochSecond) {
        return clients == 0 ? 0 : (int) Math.min(100, 30L * clients + Math.floorMod(epochSecond, 20));
    }
}
