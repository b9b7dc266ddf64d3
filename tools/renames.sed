# Old name -> new name (types, accessors), for merging branches that still use the old names.
#
# Apply to whole files at once (GNU sed, -z makes each file one pattern space, so the
# /package …/ and /import …/ addresses below test the whole file):
#   git ls-files -z '*.java' 'docs/*.md' 'app/src/main/resources/dev/cumps/app/i18n/*.properties' \
#       'app/src/main/resources/dev/cumps/app/i18n/core/*.properties' | xargs -0 sed -z -i -f tools/renames.sed
# then sort the imports the renames moved out of order (checkstyle's CustomImportOrder says which).
# A merge conflict in a renamed file: take the other branch's side, run the script over it.
# Every rule maps an old name to a new one that no rule matches again, so applying the script
# twice changes nothing. Names that also mean something else (the renderer StatusText beside the
# message-key enum StatusText, the English words Daemons/Checks/Text, the app's own String
# stateText) are renamed only in the files whose package or imports say which one they are.

# --- CLI renderers (dev.cumps.core.cli.text): one suffix, Renderer --------------------------
# cli.text.StatusText must go before the message-key enum status.StatusText below.
s/\bdev\.cumps\.core\.cli\.text\.StatusText\b/dev.cumps.core.cli.text.StatusRenderer/g
/import dev\.cumps\.core\.status\.StatusText;/!{
/package dev\.cumps\.core\.cli\.text;/s/\bStatusText\b/StatusRenderer/g
}
/import dev\.cumps\.core\.cli\.text\.StatusRenderer;/s/\bStatusText\b/StatusRenderer/g
s/\bcli\.text\.StatusText\b/cli.text.StatusRenderer/g
s/\(what the CLI prints | \)`StatusText`/\1`StatusRenderer`/g
s/\bClientsText\b/ClientsRenderer/g
s/\bLimitsText\b/LimitsRenderer/g
s/\bMetricsText\b/MetricsRenderer/g
s/\bMetricsTextTest\b/MetricsRendererTest/g
s/\bSimulatedText\b/SimulatedRenderer/g
s/\bStartText\b/StartRenderer/g
s/\bStopText\b/StopRenderer/g
s/\bTopText\b/TopRenderer/g
s/\bTopTextTest\b/TopRendererTest/g
s/\bDoctorTextRenderer\b/DoctorRenderer/g
s/\bDoctorTextRendererTest\b/DoctorRendererTest/g
s/\bFixTextRenderer\b/FixRenderer/g

# --- message-key enums (implementing MessageKey): <Area>Messages -----------------------------
s/\bCommandText\b/CommandMessages/g
s/\bDoctorText\b/DoctorMessages/g
s/\bEnvText\b/EnvMessages/g
s/\bExecText\b/ExecMessages/g
s/\bFixText\b/FixMessages/g
s/\bFsText\b/FsMessages/g
s/\bGpuText\b/GpuMessages/g
s/\bGuideText\b/GuideMessages/g
s/\bJsonText\b/JsonMessages/g
s/\bLifecycleText\b/LifecycleMessages/g
s/\bLiveText\b/LiveMessages/g
s/\bMpsText\b/MpsMessages/g
s/\bProcText\b/ProcMessages/g
s/\bRecordText\b/RecordMessages/g
s/\bSelftestText\b/SelftestMessages/g
s/\bSimText\b/SimMessages/g
s/\bStatusText\b/StatusMessages/g
s/\bStatusTextTest\b/StatusTableMessagesTest/g
s/\bStatusMessagesTest\b/StatusTableMessagesTest/g
s/\bTopologyText\b/TopologyMessages/g
s/\bGpuDisplayTextTest\b/GpuDisplayMessagesTest/g

s/`<Area>Text` enum/`<Area>Messages` enum/g
s/a `…Text()` one/a `…Message()` one/g

# --- cli.reference.Text: picocli's description markup made plain ----------------------------
/package dev\.cumps\.core\.cli\.reference;/s/\bText\.plain\b/PicocliMarkup.plain/g
/package dev\.cumps\.core\.cli\.reference;/s/\bclass Text\b/class PicocliMarkup/g
/package dev\.cumps\.core\.cli\.reference;/s/\bprivate Text()/private PicocliMarkup()/g
s/\breference\.Text\b/reference.PicocliMarkup/g

# --- escaping rules, named for what they do --------------------------------------------------
# live.Printables: another program's line quoted in a diagnostic (controls as ?, 160 chars).
s/\bPrintables\b/DiagnosticQuote/g
# cli.text.Printable: control and format characters escaped for a terminal.
s/\bdev\.cumps\.core\.cli\.text\.Printable\b/dev.cumps.core.cli.text.TerminalEscapes/g
/package dev\.cumps\.core\.cli\.text;/s/\bPrintable\b/TerminalEscapes/g
/import dev\.cumps\.core\.cli\.text\.TerminalEscapes;/s/\bPrintable\.escape\b/TerminalEscapes.escape/g
s/\bPrintable\.escape\b/TerminalEscapes.escape/g
s/`Printable`/`TerminalEscapes`/g
s/\bPrintableTest\b/TerminalEscapesTest/g

# --- doctor: the result of one check; the checks' shared facts -------------------------------
s/\bDoctorCheck\b/CheckResult/g
s/\bDoctorCheckTest\b/CheckResultTest/g
/package dev\.cumps\.core\.doctor\.checks;/s/\bChecks\.\(gpu\|daemon\|display\)\b/NeededFacts.\1/g
/package dev\.cumps\.core\.doctor\.checks;/s/\bclass Checks\b/class NeededFacts/g
/package dev\.cumps\.core\.doctor\.checks;/s/\bprivate Checks()/private NeededFacts()/g

# --- selftest: the services the steps act through; the self-test's daemon --------------------
s/\bSeams\b/SelftestServices/g
/package dev\.cumps\.core\.selftest;/s/\bDaemons\([.(]\| {\)/SelftestDaemon\1/g
/package dev\.cumps\.core\.selftest;/s/\bseams\b/services/g
s/`Daemons`/`SelftestDaemon`/g

# --- accessors that return a Message: …Message() ---------------------------------------------
# In the core (engine, sim, cli) every use is the accessor. Elsewhere (the app, docs) only a call
# without arguments is: the app's own MainRows.computeModeText(Gpu), HostSummary.diagnosticText(…)
# and DaemonRow.stateText() return Strings and keep their names.
/package dev\.cumps\.\(core\|sim\)\b/{
s/\bcomputeModeText\b/computeModeMessage/g
s/\bdiagnosticText\b/diagnosticMessage/g
s/\bmigModeText\b/migModeMessage/g
s/\bstateText\b/stateMessage/g
}
s/\bcomputeModeText()/computeModeMessage()/g
s/\bdiagnosticText()/diagnosticMessage()/g
s/\bmigModeText()/migModeMessage()/g
s/\bUnreadableRecord\.stateText()/UnreadableRecord.stateMessage()/g
s/\bForeign\.stateText()/Foreign.stateMessage()/g
s/\bexpectedText\b/expectedMessage/g
s/\bfailureText\b/failureMessage/g
s/\bkindText\b/kindMessage/g
s/\bmessageText\b/outcomeMessage/g
s/\bobservedText\b/observedMessage/g
s/\bownerText\b/ownerMessage/g
s/\bplanText\b/planMessage/g
s/\bproblemText\b/problemMessage/g
s/\breasonText\b/reasonMessage/g
s/\bremedyText\b/remedyMessage/g
s/\btitleText\b/titleMessage/g
s/\bverdictText\b/verdictMessage/g

# --- folded and removed (not renames; listed so a merge knows where the callers went) ---------
# app.doctor.WindowRemedy is gone: WindowRemedy.of(message, messages) is messages.windowText(message),
# WindowRemedy.of(result, messages) is result.remedyMessage().map(messages::windowText).orElse("").
s/\bWindowRemedy\.PREFIX\b/Messages.WINDOW_PREFIX/g
s/\bWindowRemedyTest\b/RemedyWindowWordsTest/g
# Removed, no replacement (no caller outside tests): RecordStore.lockResource(kind, id, wait, String)
# and RecordMessages.RESOURCE_BUSY (pass a Message), DaemonStarter.start(request, progress) (pass
# StartCancellation.none()), HostStatus.PipeRow.kindMessage() with status.StatusMessages (the window
# names pipe kinds from its own bundle), PipeCheck.verified(), TopologyMode.fromId(String),
# SafeFiles.Tail.cut(long).
s/(WindowRemedy)/(Messages.windowText)/g
s/`doctor\.WindowRemedy`/`i18n.Messages.windowText`/g
# --- the fleet (merged after the names pass) --------------------------------------------------
s/\bFleetText\b/FleetMessages/g

# --- lifecycle.DaemonLifecycle folded: CoreServices hands out each lifecycle service ---------
# (services.lifecycle() is gone; a field or parameter of type DaemonLifecycle becomes the one
# service it used: DaemonStarter, DaemonStopper, ForegroundRunner or ClientTerminator.)
s/\blifecycle()\.assess(/liveness().assess(/g
s/\blifecycle()\.plan(/planner().plan(/g
s/\blifecycle()\.preview(/starter().preview(/g
s/\blifecycle()\.start(/starter().start(/g
s/\blifecycle()\.stop(/stopper().stop(/g
s/\blifecycle()\.stopAll(/stopper().stopAll(/g
s/\blifecycle()\.removeRecord(/stopper().removeRecord(/g
s/\blifecycle()\.soleLiveName(/stopper().soleLiveName(/g
s/\blifecycle()\.runForeground(/foreground().run(/g
s/\blifecycle()\.endForeground(/foreground().end(/g
s/\blifecycle()\.clientTarget(/terminator().find(/g
s/\blifecycle()\.terminateClient(/terminator().terminate(/g
s/\bDaemonLifecycle\.preview\b/DaemonStarter.preview/g
# --- bare text() accessors returning a Message: named for what the Message is ----------------
# CumpsException.text() is errorMessage(); CheckStatus, RecordState and DaemonSnapshot.State's
# text() is labelMessage() (their id() is the wire word, labelMessage() the word people read).
# A call on an exception is recognised by its receiver's usual names (e, none, busy, failure,
# unreadable, an assertThrows(…) or refused(…) result); the compiler names any other.
s/\bCumpsException::text\b/CumpsException::errorMessage/g
s/\b\(e\|none\|busy\|failure\|unreadable\)\.text()/\1.errorMessage()/g
s/)\.text()\.\(key\|id\|args\|english\)()/).errorMessage().\1()/g
/package dev\.cumps\.core\.fleet;/!{
s/\bstate()\.errorMessage()/state().labelMessage()/g
s/\bstate()\.text()/state().labelMessage()/g
}
s/\bstatus()\.errorMessage()/status().labelMessage()/g
s/\bstatus()\.text()/status().labelMessage()/g
s/\bRecordState\.\(LIVE\|STALE\)\.text()/RecordState.\1.labelMessage()/g
s/\bCheckStatus\.\(PASS\|WARN\|FAIL\|SKIP\)\.text()/CheckStatus.\1.labelMessage()/g
/package dev\.cumps\.core\.record;/s/\bstate\.text()/state.labelMessage()/g
# Removed: LiveSnapshotService.collect(String name, GpuInventory): look the record up once with
# liveRecord(name) and pass it to collect(DaemonRecord, GpuInventory).
# --- test-only product API removed (tests observe what the product exposes) ------------------
# DoctorViewModel.reportProperty(): a finished report is !reportAbsentBinding().get(); its content
# reaches a test through rows(), checks(), verdictProperty(), copy() and export(…).
s/\([A-Za-z_]*\)\.reportProperty()\.get() != null/!\1.reportAbsentBinding().get()/g
# HostSession.simulatedHost(): SimulatedConsole keeps the Simulation it opened the session on
# (HostSession.simulated(simulation, host)) and hands it out as simulation().
s/\.session()\.simulatedHost()\.orElseThrow()/.simulation()/g
# GuideEntries.anchors(): the guide's lines matched against GuideEntries.ANCHOR.
# --- RecordStore folded: it lists, looks up, writes, replaces, removes and quarantines records
# itself (RecordReader, RecordWriter and RecordQuarantine are gone); locks come from its locks()
# (RecordLocks), so records and locks share one root. NameLock is a top-level type, LOCK_DIR
# lives with the locks. The new imports go in sorted among the record imports, and an import of
# RecordStore that only NameLock or LOCK_DIR used is dropped.
/RecordStore\.NameLock/{
/package dev\.cumps\.core\.record;/!s/import dev\.cumps\.core\.record\.\([O-Z]\)/import dev.cumps.core.record.NameLock;\nimport dev.cumps.core.record.\1/
}
s/\bRecordStore\.NameLock\b/NameLock/g
/RecordStore\.LOCK_DIR/{
/package dev\.cumps\.core\.record;/!s/import dev\.cumps\.core\.record\.Record\(Loo\|L[p-z]\|[M-Z]\)/import dev.cumps.core.record.RecordLocks;\nimport dev.cumps.core.record.Record\1/
}
s/\bRecordStore\.LOCK_DIR\b/RecordLocks.LOCK_DIR/g
/import dev\.cumps\.core\.record\.RecordStore;\n.*\bRecordStore\b/!s/import dev\.cumps\.core\.record\.RecordStore;\n//
s/\b\(store\|store()\|records()\)\.lock(/\1.locks().lock(/g
s/\b\(store\|store()\|records()\)\.lockResource(/\1.locks().lockResource(/g
s/\bRecordReaderTest\b/RecordReadingTest/g
s/\bRecordWriterTest\b/RecordWritingTest/g
# --- fleet.HostState.text() returned its FleetMessages key: messageKey() -----------------------
s/\bHostState\.\([A-Z_]*\)\.text()/HostState.\1.messageKey()/g
/package dev\.cumps\.core\.fleet;/{
s/\bstate()\.text()/state().messageKey()/g
s/\bstate\.text()/state.messageKey()/g
}
