package dev.cumps.sim;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The text of the launcher scripts {@link SimTools} installs: a Python 3 stand-in ({@code standin.py}
 * behind a header) or a POSIX {@code sh} script that {@code exec}s the JVM. Pure text; writing the
 * files is {@link SimTools}' job.
 */
final class LauncherScripts {

    private LauncherScripts() {
    }

    /**
     * A Python 3 stand-in: a header naming the role, the default config and the command that runs
     * the Java control daemon, followed by {@code standin.py}. It answers in milliseconds where a
     * JVM takes hundreds; docs/simulator.md.
     */
    static String pythonStandIn(Path python, String role, String classpath, Path config, SimToolOptions options) throws IOException {
        StringBuilder script = new StringBuilder();
        script.append("#!").append(python).append(" -IS\n");
        script.append("# Stand-in for NVIDIA's ").append(role).append(", written by ").append(SimTools.class.getName())
                .append("; see docs/simulator.md.\n");
        script.append("ROLE = ").append(pythonString(role)).append('\n');
        script.append("DEFAULT_CONFIG = ").append(config == null ? "None" : pythonString(config.toString())).append('\n');
        script.append("NVIDIA_PIPE_DIRECTORY = ").append(pythonString(options.nvidiaPipeDirectory().toString())).append('\n');
        script.append("NVIDIA_LOG_DIRECTORY = ").append(pythonString(options.nvidiaLogDirectory().toString())).append('\n');
        List<String> daemon = StandInJvm.command(classpath, MpsControlMain.class);
        script.append("DAEMON_COMMAND = [");
        for (int i = 0; i < daemon.size(); i++) {
            script.append(i == 0 ? "" : ", ").append(pythonString(daemon.get(i)));
        }
        script.append("]\n");
        script.append("DAEMON_NAME = ").append(pythonString(MpsControlMain.DAEMON_NAME)).append('\n');
        script.append("DAEMON_NAMED_WITHIN_S = ").append(MpsControlMain.NAMED_WITHIN.toMillis() / 1000.0).append('\n');
        try (InputStream body = LauncherScripts.class.getResourceAsStream("standin.py")) {
            if (body == null) {
                throw new IOException("resource dev/cumps/sim/standin.py is missing from the class path");
            }
            script.append(new String(body.readAllBytes(), StandardCharsets.UTF_8));
        }
        return script.toString();
    }

    /** A Python string literal for {@code text}: every character outside printable ASCII escaped. */
    static String pythonString(String text) {
        StringBuilder out = new StringBuilder("'");
        text.codePoints().forEach(c -> {
            if (c == '\\' || c == '\'') {
                out.append('\\').append((char) c);
            } else if (c >= ' ' && c < 0x7f) {
                out.append((char) c);
            } else {
                out.append(String.format("\\U%08x", c));
            }
        });
        return out.append('\'').toString();
    }

    /** The text of a JVM launcher script for {@code main}. */
    static String jvmLauncher(Class<?> main, String classpath, Path config, SimToolOptions options) {
        StringBuilder script = new StringBuilder();
        script.append("#!/bin/sh\n");
        script.append("# Stand-in for NVIDIA's ")
                .append(main == NvidiaSmiMain.class ? SimTools.NVIDIA_SMI : SimTools.MPS_CONTROL)
                .append(", written by ").append(SimTools.class.getName()).append("; see docs/simulator.md.\n");
        if (config != null) {
            script.append("if [ -z \"${").append(SimConfig.ENV_CONFIG).append(":-}\" ]; then ")
                    .append(SimConfig.ENV_CONFIG).append('=').append(shellQuote(config.toString()))
                    .append("; fi\n");
            script.append("export ").append(SimConfig.ENV_CONFIG).append('\n');
        }
        script.append(SimTools.ENV_DEFAULT_PIPE_DIRECTORY).append('=').append(shellQuote(options.nvidiaPipeDirectory().toString()))
                .append("; export ").append(SimTools.ENV_DEFAULT_PIPE_DIRECTORY).append('\n');
        script.append(SimTools.ENV_DEFAULT_LOG_DIRECTORY).append('=').append(shellQuote(options.nvidiaLogDirectory().toString()))
                .append("; export ").append(SimTools.ENV_DEFAULT_LOG_DIRECTORY).append('\n');
        script.append("exec");
        for (String word : StandInJvm.command(classpath, main)) {
            script.append(' ').append(shellQuote(word));
        }
        script.append(" \"$@\"\n");
        return script.toString();
    }

    /** Quotes {@code word} for a POSIX shell: single quotes, with {@code '} written as {@code '\''}. */
    static String shellQuote(String word) {
        if (!word.isEmpty() && word.matches("[A-Za-z0-9_./:=+,@%-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
