/**
 * Concern: the live view.
 *
 * Main types: {@code LiveSnapshotService} (GPU load from status's one nvidia-smi query,
 * {@code gpu.NvidiaSmiParser.QUERY_FIELDS}; asks every live daemon, and reachable unmanaged pipes, at once:
 * {@code DaemonQuestions} per daemon (its runs in a {@code DaemonConversation}, its servers asked one way of
 * {@code ServerQuestions}); {@code --query-compute-apps} ({@code ComputeAppsQuery}) only when a server lists a client,
 * alongside the questions still being asked; what it asks is the read's {@code Detail}) → {@code LiveSnapshot}
 * ({@code GpuLoad}, {@code DaemonSnapshot} → {@code MpsServer} → {@code ClientProcess}),
 * {@code ControlReplies}/{@code SmiReplies} (strict parsers), {@code LiveJson}; {@code cli.command.ClientsCommand} +
 * {@code cli.text.ClientsRenderer}. MPS limits: {@code LimitsService} ({@code read}: recorded limits next to the
 * daemon's defaults and each running server's, asked by {@code LimitQuestions}; {@code set}: under the record's name
 * lock, {@code record.Liveness.pipeCheck} right before sending, {@code mps.LimitCommands} to the defaults and every
 * server, then {@code RecordStore.replace}) → {@code DaemonLimits} ({@code CurrentLimits}, {@code ServerLimits}),
 * {@code LimitsJson}; {@code cli.command.LimitsCommand} + {@code cli.text.LimitsRenderer}; the doctor's
 * {@code LimitsMatchRecordCheck} reads them through {@code DoctorContext.recordedLimits()}.
 *
 * Beside them: {@code ChildServers} (a daemon's children, taken for its servers before it is asked), {@code ComputeApp}
 * (one row of {@code --query-compute-apps}), {@code DefaultLimits} (sets a daemon's default limits and reads them
 * back), {@code LiveBudget} (the time one live view may spend asking daemons), {@code Unanswered} (a question that got
 * no answer), {@code LiveThreads} (the daemon-thread pools the questions run on), {@code DiagnosticQuote} (how another
 * program's line is quoted in a diagnostic) and {@code LiveMessages} (the texts).
 */
package dev.cumps.core.live;
