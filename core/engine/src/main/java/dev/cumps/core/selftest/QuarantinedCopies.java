package dev.cumps.core.selftest;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * The copies of the run's own record that a start moved aside ({@code .stale/<name>-<epoch ms>},
 * the crash drill's stale record): removed by the clean-up so a self-test leaves no record behind.
 * Only a real directory of the caller's holding nothing but a regular {@code daemon.json} is
 * removed; links are never followed and anything else is left and reported.
 */
final class QuarantinedCopies {
    private static final String RECORD_FILE = "daemon.json";

    private QuarantinedCopies() {
    }

    /** Removes {@code <staleDir>/<name>-*} that are the caller's plain record copies; evidence for each. */
    static List<Path> remove(Path staleDir, String name, int uid, List<String> evidence) {
        List<Path> left = new ArrayList<>();
        List<Path> copies = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(staleDir, name + "-*")) {
            entries.forEach(copies::add);
        } catch (NoSuchFileException e) {
            return left;
        } catch (IOException e) {
            evidence.add("could not list " + staleDir + ": " + e.getMessage());
            return left;
        }
        for (Path copy : copies) {
            if (removeIfPlain(copy, uid)) {
                evidence.add("removed the run's quarantined record " + copy);
            } else {
                evidence.add("left " + copy + ": not a private directory of yours holding only " + RECORD_FILE);
                left.add(copy);
            }
        }
        return left;
    }

    private static boolean removeIfPlain(Path copy, int uid) {
        try {
            BasicFileAttributes dir = Files.readAttributes(copy, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!dir.isDirectory() || !ownedBy(copy, uid)) {
                return false;
            }
            List<Path> children = new ArrayList<>();
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(copy)) {
                entries.forEach(children::add);
            }
            for (Path child : children) {
                BasicFileAttributes file = Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (!child.getFileName().toString().equals(RECORD_FILE) || !file.isRegularFile() || !ownedBy(child, uid)) {
                    return false;
                }
            }
            for (Path child : children) {
                Files.delete(child);
            }
            Files.delete(copy);
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    private static boolean ownedBy(Path path, int uid) throws IOException {
        return ((Number) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS)).intValue() == uid;
    }
}
