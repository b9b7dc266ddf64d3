package dev.cumps.app.live;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.UiTask;
import dev.cumps.core.lifecycle.ClientTarget;
import dev.cumps.core.lifecycle.ClientTerminator;
import dev.cumps.core.live.LiveMessages;
import dev.cumps.core.message.Message;
import java.util.Objects;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Terminate client… in the Clients pane: asks the core for the client as it finds it now (the
 * confirmation's facts), and after the operator confirmed, the core's {@code terminate_client} for
 * exactly that client of the user's own live daemon (the core verifies daemon, server and client
 * again right before). Each step runs on a worker; the outcome is the pane's one line and an
 * activity entry, then the window refreshes. Only clients of the user's own live managed daemon
 * carry a target ({@link ClientLine#target()}), so nothing of an unmanaged pipe is offered.
 */
public final class ClientActions {

    private final ConsoleContext ctx;
    private final ClientTerminator terminator;
    private final Messages messages;
    private final Runnable refresh;
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyStringWrapper outcome = new ReadOnlyStringWrapper(this, "outcome", "");

    public ClientActions(ConsoleContext ctx, ClientTerminator terminator, Runnable refresh) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.terminator = Objects.requireNonNull(terminator, "terminator");
        this.messages = ctx.messages();
        this.refresh = Objects.requireNonNull(refresh, "refresh");
    }

    /**
     * Finds {@code target} as the core sees it now, started: a task of the confirmation to show (when the core
     * cannot find it, the task fails after the pane's line says why); UI thread.
     */
    public UiTask<TerminateConfirmation, Void> prepare(ClientLine.Target target) {
        busy.set(true);
        outcome.set("");
        UiTask<ClientTarget, Void> find = ctx.executor().task(() -> terminator.find(target.daemon(), target.clientPid()))
                .onFailure(error -> {
                    busy.set(false);
                    failed(target.daemon(), target.clientPid(), error);
                });
        UiTask<TerminateConfirmation, Void> confirmation = find.map(found -> {
            busy.set(false);
            return confirmation(found);
        });
        find.start();
        return confirmation;
    }

    private TerminateConfirmation confirmation(ClientTarget found) {
        String unreadable = messages.render(Message.of(LiveMessages.UNREADABLE));
        String user = found.owner().map(o -> o.user()).orElse(unreadable);
        String command = found.commandLine().filter(c -> !c.isEmpty()).map(c -> String.join(" ", c)).orElse(unreadable);
        return new TerminateConfirmation(found.daemon(), found.clientPid(), Long.toString(found.clientPid()), user, command,
                Long.toString(found.serverPid()));
    }

    /**
     * Terminates the confirmed client, started: a task of the core's outcome, already the pane's line and an
     * activity entry (and followed by a refresh) when the task's other observers hear it; UI thread.
     */
    public UiTask<Message, Void> terminate(TerminateConfirmation confirmed) {
        String action = messages.get("terminate.activity", confirmed.pid(), confirmed.daemon());
        busy.set(true);
        return ctx.executor().task(() -> terminator.terminate(confirmed.daemon(), confirmed.clientPid())).onSuccess(done -> {
            busy.set(false);
            String text = messages.render(done);
            outcome.set(text);
            ctx.activity().recordChange(action, true, text);
            refresh.run();
        }).onFailure(error -> {
            busy.set(false);
            failed(confirmed.daemon(), confirmed.clientPid(), error);
            refresh.run();
        }).start();
    }

    private void failed(String daemon, long pid, Throwable error) {
        String why = messages.errorText(error).orElse(String.valueOf(error.getMessage()));
        String text = messages.get("terminate.failed", pid, daemon, why);
        outcome.set(text);
        ctx.activity().recordChange(messages.get("terminate.activity", pid, daemon), false, why);
    }

    /** True while the core is asked; the button is disabled meanwhile. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** The last terminate's outcome (or why it could not be done); empty before the first. */
    public ReadOnlyStringProperty outcomeProperty() {
        return outcome.getReadOnlyProperty();
    }

    public Messages messages() {
        return messages;
    }
}
