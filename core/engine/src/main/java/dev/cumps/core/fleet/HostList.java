package dev.cumps.core.fleet;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.fs.TrustRule;
import dev.cumps.core.fs.TrustedFolder;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The user's hosts: {@code ${XDG_CONFIG_HOME:-~/.config}/mps-console/hosts}, one destination a line
 * ({@code #} starts a comment), shared by {@code cumps hosts} and the window. Its folder must pass the
 * {@link TrustRule} (the user's or root's, writable by no one else, no link, under folders no one else can
 * change); the folder is opened and the file read relative to it ({@link TrustedFolder}: no link followed,
 * a regular file of the user's of at most {@link #MAX_BYTES}), so a folder swapped after the check is never
 * read. It is written 0600 through a private temporary file renamed over it in the open folder, created
 * 0700 when missing. Every line must be a
 * valid {@link Destination}: a file someone edited into something else is refused, not half-used.
 */
public final class HostList {
    public static final int MAX_BYTES = 64 * 1024;
    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");

    private final Path file;
    private final int uid;

    public HostList(Path file, int uid) {
        this.file = file.toAbsolutePath();
        this.uid = uid;
    }

    /** The user's hosts file for {@code host}'s environment. */
    public static HostList of(HostEnvironment host) {
        String xdg = host.get("XDG_CONFIG_HOME").filter(v -> v.startsWith("/")).orElse(null);
        Path config = xdg != null ? Path.of(xdg) : host.home().resolve(".config");
        return new HostList(config.resolve("mps-console").resolve("hosts"), host.uid());
    }

    public Path file() {
        return file;
    }

    /** The hosts in the file's order; none when there is no file. */
    public List<Destination> load() {
        try {
            Optional<TrustedFolder> open = TrustedFolder.open(file.getParent(), uid);
            if (open.isEmpty()) {
                return List.of();
            }
            byte[] bytes;
            try (TrustedFolder folder = open.get()) {
                bytes = folder.read(file.getFileName().toString(), MAX_BYTES, SafeFiles.DEFAULT_DEADLINE);
            }
            List<Destination> hosts = new ArrayList<>();
            List<String> lines = new String(bytes, StandardCharsets.UTF_8).lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                if (Destination.problem(line).isPresent()) {
                    throw new CumpsException(Message.of(FleetMessages.HOSTS_BAD_LINE, file.toString(), i + 1, Destination.printable(line)));
                }
                Destination d = Destination.of(line);
                if (!hosts.contains(d)) {
                    hosts.add(d);
                }
            }
            return List.copyOf(hosts);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new CumpsException(Message.of(FleetMessages.HOSTS_UNREADABLE, file.toString(), SafeFiles.reasonOf(e)), e);
        }
    }

    /** Adds {@code d} at the end; refused when it is already listed. */
    public List<Destination> add(Destination d) {
        List<Destination> hosts = new ArrayList<>(load());
        if (hosts.contains(d)) {
            throw new CumpsException(Message.of(FleetMessages.HOST_ALREADY_LISTED, d.value()));
        }
        hosts.add(d);
        save(hosts);
        return List.copyOf(hosts);
    }

    /** Removes {@code d}; refused when it is not listed. */
    public List<Destination> remove(Destination d) {
        List<Destination> hosts = new ArrayList<>(load());
        if (!hosts.remove(d)) {
            throw new CumpsException(Message.of(FleetMessages.HOST_NOT_LISTED, d.value(), file.toString()));
        }
        save(hosts);
        return List.copyOf(hosts);
    }

    private void save(List<Destination> hosts) {
        Path folder = file.getParent();
        StringBuilder text = new StringBuilder("# Hosts of cumps fleet and MPS Console: one ssh destination a line.\n");
        hosts.forEach(h -> text.append(h.value()).append('\n'));
        try {
            if (!TrustRule.exists(folder) && folder.getParent() != null && !Files.isDirectory(folder.getParent())) {
                Files.createDirectories(folder.getParent());
            }
            try (TrustedFolder open = TrustedFolder.openOrCreate(folder, uid)) {
                open.replace(file.getFileName().toString(), text.toString().getBytes(StandardCharsets.UTF_8), FILE_MODE);
            }
        } catch (IOException e) {
            throw new CumpsException(Message.of(FleetMessages.HOSTS_UNWRITABLE, file.toString(), SafeFiles.reasonOf(e)), e);
        }
    }
}
