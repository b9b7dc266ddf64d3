package dev.cumps.core.fleet;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The user's hosts: {@code ${XDG_CONFIG_HOME:-~/.config}/mps-console/hosts}, one destination a line
 * ({@code #} starts a comment), shared by {@code cumps hosts} and the window. The file is read without
 * following a link, must be a regular file of at most {@link #MAX_BYTES} ({@link SafeFiles}), and its
 * folder must be a real directory of the user's that no one else can write; it is written 0600 through a
 * private temporary file renamed over it, in a folder created 0700 when missing. Every line must be a
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
            checkFolder(file.getParent());
            byte[] bytes = SafeFiles.readAll(file, MAX_BYTES);
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
            if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(folder.getParent());
                Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            }
            checkFolder(folder);
            Path temporary = folder.resolve(".hosts." + ProcessHandle.current().pid() + ".tmp");
            Files.deleteIfExists(temporary);
            try {
                try (FileChannel ch = FileChannel.open(temporary, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS), PosixFilePermissions.asFileAttribute(FILE_MODE));
                     OutputStream out = Channels.newOutputStream(ch)) {
                    out.write(text.toString().getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    ch.force(true);
                }
                Files.setPosixFilePermissions(temporary, FILE_MODE);
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(temporary);
            }
        } catch (IOException e) {
            throw new CumpsException(Message.of(FleetMessages.HOSTS_UNWRITABLE, file.toString(), SafeFiles.reasonOf(e)), e);
        }
    }

    /** The folder must be a directory (not a link) of this user that no one else can write. */
    private void checkFolder(Path folder) throws IOException {
        PosixFileAttributes a;
        try {
            a = Files.readAttributes(folder, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return;
        }
        int owner = ((Number) Files.getAttribute(folder, "unix:uid", LinkOption.NOFOLLOW_LINKS)).intValue();
        Set<PosixFilePermission> mode = a.permissions();
        if (a.isSymbolicLink() || !a.isDirectory() || owner != uid || mode.contains(PosixFilePermission.GROUP_WRITE)
                || mode.contains(PosixFilePermission.OTHERS_WRITE)) {
            throw new CumpsException(Message.of(FleetMessages.FOLDER_UNSAFE, folder.toString()));
        }
    }
}
