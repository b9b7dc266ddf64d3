package dev.cumps.core.cli.command;

import dev.cumps.core.fleet.Destination;
import dev.cumps.core.fleet.HostList;
import dev.cumps.core.grammar.CliForm;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code cumps hosts add|remove|list}: the ssh destinations {@code cumps fleet} and the window read. */
@Command(name = "hosts", mixinStandardHelpOptions = true,
        description = "Add, remove and list the hosts (ssh destinations) that `cumps fleet` and the window's Hosts page read.",
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:done", "1:an invalid destination, a host already (or not) listed, or a hosts file that cannot be used"},
        footer = {"", "Hosts file: ~/.config/mps-console/hosts, or mps-console/hosts under $XDG_CONFIG_HOME (0600, one destination a line)."})
public final class HostsCommand implements Callable<Integer> {
    private final RootCommand root;

    public HostsCommand(RootCommand root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        return new ListCommand(root).call();
    }

    HostList hosts() {
        return HostList.of(root.context().host());
    }

    /** {@code cumps hosts add DEST}. */
    @Command(name = "add",
            description = "Add a host: [user@]host or an alias from ~/.ssh/config (letters, digits, '.', '-', '_').",
            exitCodeListHeading = ExitCode.HEADING,
            exitCodeList = {"0:added", "1:not a valid destination, already listed, or the hosts file cannot be used"})
    public static final class AddCommand implements Callable<Integer> {
        private final RootCommand root;

        // The parameter, as of(root, form) reads it; declared once, in the grammar table (CliCommand.HOSTS_ADD).
        private String destination;

        public AddCommand(RootCommand root) {
            this.root = root;
        }

        /** The command for a form the grammar table describes, as picocli parsed it. */
        public static AddCommand of(RootCommand root, CliForm form) {
            AddCommand command = new AddCommand(root);
            command.destination = form.parameter();
            return command;
        }

        @Override
        public Integer call() {
            Destination d = Destination.of(destination);
            new HostsCommand(root).hosts().add(d);
            root.context().out().println("added " + d.value());
            return ExitCode.OK;
        }
    }

    /** {@code cumps hosts remove DEST}. */
    @Command(name = "remove", description = "Remove a host from your hosts.",
            exitCodeListHeading = ExitCode.HEADING,
            exitCodeList = {"0:removed", "1:not listed, or the hosts file cannot be used"})
    public static final class RemoveCommand implements Callable<Integer> {
        private final RootCommand root;

        // The parameter, as of(root, form) reads it; declared once, in the grammar table (CliCommand.HOSTS_REMOVE).
        private String destination;

        public RemoveCommand(RootCommand root) {
            this.root = root;
        }

        /** The command for a form the grammar table describes, as picocli parsed it. */
        public static RemoveCommand of(RootCommand root, CliForm form) {
            RemoveCommand command = new RemoveCommand(root);
            command.destination = form.parameter();
            return command;
        }

        @Override
        public Integer call() {
            Destination d = Destination.of(destination);
            new HostsCommand(root).hosts().remove(d);
            root.context().out().println("removed " + d.value());
            return ExitCode.OK;
        }
    }

    /** {@code cumps hosts list}. */
    @Command(name = "list", mixinStandardHelpOptions = true, description = "List your hosts, one a line.",
            exitCodeListHeading = ExitCode.HEADING,
            exitCodeList = {"0:listed (nothing when there are none)", "1:the hosts file cannot be used"})
    public static final class ListCommand implements Callable<Integer> {
        private final RootCommand root;

        public ListCommand(RootCommand root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            List<Destination> hosts = new HostsCommand(root).hosts().load();
            hosts.forEach(h -> root.context().out().println(h.value()));
            return ExitCode.OK;
        }
    }
}
