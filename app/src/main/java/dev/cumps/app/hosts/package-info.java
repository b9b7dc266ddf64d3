/**
 * The Hosts page: {@code HostsViewModel} (reads every listed host through the core's {@code Fleet} off
 * the FX thread, shows each host as it answers, runs start, stop, env, limits and doctor on the
 * selected host and reads it again afterwards), {@code HostsView} (the host table, the selected
 * host's GPUs and daemons, the actions), {@code HostConfirmation} (its stop and limits confirmations,
 * shown through the dialog fitting), {@code HostRow} and {@code HostDetailRows} (the display rows, in the
 * window's language).
 */
package dev.cumps.app.hosts;
