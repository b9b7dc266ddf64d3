package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.record.DaemonRecord;

/** The daemon answers {@code get_server_list} (the one command the doctor sends) within the answer timeout. */
public final class AnswersCheck extends BaseCheck {
    public AnswersCheck() {
        super(DoctorCheckId.ANSWERS, Need.LIVE_MANAGED_DAEMON);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        DaemonRecord r = Checks.daemon(context);
        CommandResult answer = context.answer();
        boolean answered = MpsControl.answered(answer);
        Object servers = answer.stdout().isBlank() ? Message.of(DoctorText.ANSWERS_NO_SERVERS) : answer.stdout().strip().replace('\n', ' ');
        Message observed = answered ? Message.of(DoctorText.ANSWERS_OK, servers) : Message.of(DoctorText.ANSWERS_FAILED, answer.failureText());
        return Finding.passOrFail(answered, observed, Message.of(DoctorText.ANSWERS_EXPECTED),
                Message.of(DoctorText.ANSWERS_REMEDY, r.logDirectory().toString()));
    }
}
