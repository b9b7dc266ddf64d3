/**
 * Live GPU state: the load history and the GPUs table's load columns ({@code GpuLoadHistory}, {@code LoadTrend},
 * {@code GpuLoadColumns}), the Clients pane ({@code ClientsViewModel}, {@code ClientLines} of {@code ClientLine}s (one
 * line of the tree: daemon, server or client), {@code ClientsView}, {@code ClientActions},
 * {@code TerminateClientDialog} showing a {@code TerminateConfirmation}, the client as the core found it) and the
 * Limits pane ({@code LimitsViewModel}, {@code LimitsForm}, {@code LimitsView}, {@code LimitsConfirmDialog}); their
 * collections ride on the main refresh, and {@code LiveCadence} says how often a page asks a control daemon (every
 * asked-for refresh, one periodic in so many).
 */
package dev.cumps.app.live;
