package dev.cumps.core.cli.text;

import dev.cumps.core.json.Json;
import dev.cumps.core.record.DaemonRecord;

/** {@code cumps start} output: the record written, as uni-cumps prints it (JSON on stdout). */
public final class StartText {
    private StartText() {
    }

    public static String started(DaemonRecord record) {
        return Json.write(record.toJsonMap());
    }
}
