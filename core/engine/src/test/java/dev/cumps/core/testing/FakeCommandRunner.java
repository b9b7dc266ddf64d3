package dev.cumps.core.testing;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/** Records every {@link CommandSpec} it is given and answers by a rule. Thread-safe. */
public class FakeCommandRunner implements CommandRunner {
    private final List<CommandSpec> specs = new CopyOnWriteArrayList<>();
    private volatile Function<CommandSpec, CommandResult> rules;

    public FakeCommandRunner(Function<CommandSpec, CommandResult> rules) {
        this.rules = rules;
    }

    public void answerWith(Function<CommandSpec, CommandResult> newRules) {
        this.rules = newRules;
    }

    @Override
    public CommandResult run(CommandSpec spec) {
        specs.add(spec);
        return rules.apply(spec);
    }

    /** Every spec run so far, in order. */
    public List<CommandSpec> specs() {
        return List.copyOf(specs);
    }

    public List<CommandSpec> specsFor(String program) {
        return specs.stream().filter(s -> s.program().equals(program)).toList();
    }

    public void clear() {
        specs.clear();
    }
}
