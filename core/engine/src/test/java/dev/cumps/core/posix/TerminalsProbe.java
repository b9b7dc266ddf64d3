package dev.cumps.core.posix;

/** Prints what {@link Terminals} says of standard input and output; {@link TerminalsTest} runs it. */
public final class TerminalsProbe {
    private TerminalsProbe() {
    }

    public static void main(String[] args) {
        System.out.println("stdin terminal=" + Terminals.isTerminal(0));
        System.out.println("stdout terminal=" + Terminals.isTerminal(1));
        System.out.println("columns=" + Terminals.columns(1).map(String::valueOf).orElse("none"));
    }
}
