package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The rule {@link ChineseWindowWalkTest} applies: what counts as leaked English and what as evidence. */
class EnglishLeaksTest {

    private final EnglishLeaks leaks = EnglishLeaks.evidence(List.of("zh-walk", "NVIDIA H100 80GB HBM3", "buildhost"));

    @ParameterizedTest
    @ValueSource(strings = {
        "守护进程“zh-walk”已失效（pid 4242 已消失或被复用）；请用 `cumps start --name zh-walk` 重新启动它",
        "独占进程 (Exclusive_Process)",
        "已禁用 (Disabled)",
        "默认 （Default）",
        "管道目录 /tmp/csim-ab12/t/uni-cumps-0/zh-walk 属于守护进程“zh-walk”",
        "请设置 CUDA_MPS_PIPE_DIRECTORY=/tmp/x",
        "GPU 0：NVIDIA H100 80GB HBM3（GPU-5f0c1a2e-0000-4000-8000-000000000000）",
        "nvidia-smi 在 5 s 内没有响应",
        "主机 buildhost 上的 MPS 守护进程",
        "平台：linux",
        "请用 --pipe-dir 换一个目录",
        "记录大于 64 KiB",
        "2024-05-01 12:34:56",
        "✔ 通过",
        "在一块 GPU 上启动 MPS 控制守护进程（Ctrl+N）",
        "要诊断的 GPU：序号、UUID、逗号分隔的列表或 \"all\"",
        "mig.mode.current=Enabled",
        "",
    })
    void chineseWithEvidenceDoesNotLeak(String text) {
        assertFalse(leaks.leaks(text), () -> text + " -> " + leaks.englishWords(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "daemon 'zh-walk' is stale; nothing was signalled",
        "Stopped daemon zh-walk (pid 4242)",
        "Pass",
        "启动失败：the daemon reported an error while starting",
        "已停止 (nothing was signalled)",
        "!doctor.status.pass!",
        "read-only 记录",
        "Start daemon…",
        "CUDA_VISIBLE_DEVICES 未设置 (not set)",
        "Hide Details",
    })
    void englishOutsideEvidenceLeaks(String text) {
        assertTrue(leaks.leaks(text), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Linux host", "Control socket"})
    void aTitleLeftInEnglishLeaksEvenNextToAllowedTokens(String text) {
        assertTrue(leaks.leaks(text), text);
    }

    @Test
    void rawToolOutputTheTestNamesIsEvidence() {
        String tail = "[2024-05-01 12:00:00.000 Control 77] Failed to start: error opening pipe directory";
        String text = "守护进程“zh-walk”未能启动：守护进程在启动时报告了错误；control.log 末尾为：" + tail;
        assertTrue(leaks.leaks(text), "the tail is English until the test names it as evidence");
        assertFalse(EnglishLeaks.evidence(List.of("zh-walk", tail)).leaks(text));
    }

    @Test
    void offendersAreListedOnceInTheirOrder() {
        assertEquals(List.of("Pass", "Stopped daemon zh-walk"),
                leaks.offenders(List.of("通过", "Pass", "Stopped daemon zh-walk", "Pass", "GPU")));
    }
}
