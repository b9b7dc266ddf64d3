/**
 * Live GPU state: the load history and the GPUs table's load columns ({@code GpuLoadHistory}, {@code LoadTrend},
 * {@code GpuLoadColumns}), the Clients pane ({@code ClientsViewModel}, {@code ClientLines}, {@code ClientsView},
 * {@code ClientActions}, {@code TerminateClientDialog}) and the Limits pane ({@code LimitsViewModel},
 * {@code LimitsForm}, {@code LimitsView}, {@code LimitsConfirmDialog}); their collections ride on the main refresh.
 */
package dev.cumps.app.live;
