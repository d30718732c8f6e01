"""The paper's own figures (spec: 데이터셋, batching의 미시 구조), for side-by-side comparison.

Where the paper contradicts itself the spec's appendix choice is followed: the corpus totals
32,112 (Table 10's row sums), not 32,122. Percentages are recomputed from the counts, so they
agree with the tables to the rounding the paper used.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "PAPER_APP_PAIRS",
    "PAPER_BATCHING_STEPS",
    "PAPER_CALLS_MEAN",
    "PAPER_CALLS_SHARE",
    "PAPER_CROSS_APP",
    "PAPER_DIFFICULTY",
    "PAPER_DOMAIN_DIFFICULTY",
    "PAPER_ROLLOUTS",
    "PAPER_SCENARIOS",
    "PAPER_SEQUENCES",
    "PAPER_SOLO",
    "PAPER_TASK_TYPE_SHARE",
    "PAPER_TOTAL",
    "PAPER_TREND_NOTE",
    "PAPER_VERBS",
    "PAPER_WORD_BINS",
    "PAPER_WORD_SUMMARY",
]

PAPER_TOTAL: Final = 32_112

# Table 10: domain x difficulty (easy, medium, hard).
PAPER_DOMAIN_DIFFICULTY: Final[dict[str, tuple[int, int, int]]] = {
    "Cross-Desktop": (300, 1_198, 6_030),
    "Spreadsheet": (993, 2_627, 1_952),
    "Document Editing": (881, 2_070, 1_165),
    "Presentation": (889, 1_541, 737),
    "System & OS": (1_110, 1_388, 311),
    "Code Editing": (690, 1_130, 660),
    "Desktop × Web": (0, 84, 1_917),
    "PDF": (113, 946, 757),
    "Cross-Web": (0, 53, 376),
    "E-Commerce": (166, 191, 27),
    "Cloud & Productivity": (93, 166, 116),
    "Social Media": (127, 191, 21),
    "Project Management": (82, 135, 58),
    "Communication": (65, 120, 37),
    "Business & CRM": (37, 87, 71),
    "Media": (80, 68, 2),
    "Development Tools": (28, 55, 65),
    "Image Editing": (30, 53, 23),
}
PAPER_DIFFICULTY: Final[dict[str, int]] = {"easy": 5_684, "medium": 12_103, "hard": 14_325}

# The cross-app count is in the text (12,311 = 38.3%); the category donut gives shares only
# (Single-App 56%, Cross-App 38%, and "Gymnastic" 6%, which the paper never defines).
PAPER_CROSS_APP: Final = 12_311
PAPER_TASK_TYPE_SHARE: Final[dict[str, float]] = {"single": 0.56, "cross": 0.383}

# Table 9 groups tasks by application scenario, a different dimension from meta.json's
# sampling scenario (commercial / educational / scientific / personal), which the paper does
# not tabulate: shown for reference only.
PAPER_SCENARIOS: Final[dict[str, int]] = {
    "Spreadsheet & Data": 6_684,
    "Document Writing": 6_314,
    "Presentation Design": 5_328,
    "Software Engineering": 4_434,
    "System Administration": 4_225,
    "PDF & Publishing": 2_055,
    "Communication & Email": 939,
    "Project & Task Management": 879,
    "Business Operations": 840,
    "Creative & Media": 412,
}

# Table 11: first imperative verbs (18 listed, though its caption says top-20).
PAPER_VERBS: Final[dict[str, int]] = {
    "open": 4_585,
    "create": 2_728,
    "set": 1_448,
    "add": 1_028,
    "use": 906,
    "extract": 891,
    "configure": 728,
    "apply": 605,
    "insert": 562,
    "build": 440,
    "read": 427,
    "change": 361,
    "write": 290,
    "convert": 265,
    "remove": 227,
    "export": 183,
    "check": 170,
    "find": 139,
}

# Table 12: app pairs of cross-app tasks (app_a < app_b), out of PAPER_CROSS_APP tasks.
PAPER_APP_PAIRS: Final[dict[tuple[str, str], int]] = {
    ("pdf", "writer"): 3_173,
    ("calc", "writer"): 3_129,
    ("impress", "writer"): 2_056,
    ("calc", "impress"): 1_576,
    ("impress", "pdf"): 1_381,
    ("calc", "pdf"): 1_003,
    ("files", "writer"): 534,
    ("terminal", "vscode"): 412,
    ("vscode", "writer"): 364,
    ("files", "pdf"): 316,
    ("files", "terminal"): 315,
    ("calc", "files"): 313,
    ("calc", "vscode"): 294,
    ("terminal", "writer"): 272,
    ("files", "vscode"): 268,
}

# Instruction length in words: bin counts and summary (nearest-rank percentiles assumed).
PAPER_WORD_BINS: Final[dict[str, int]] = {
    "0-29": 10_988,
    "30-59": 11_010,
    "60-99": 6_073,
    "100-149": 2_775,
    "150-249": 1_042,
    "250+": 234,
}
PAPER_WORD_SUMMARY: Final[dict[str, float]] = {
    "mean": 54.1,
    "p10": 17,
    "p25": 24,
    "p50": 41,
    "p75": 69,
    "p90": 108,
    "p99": 237,
    "max": 390,
}

# Appendix D.1: a Qwen3.5-397B-A17B RL checkpoint at training step 30, 1,105 OSWorld-Verified
# rollouts, 22,361 model steps. The paper gives shares, not counts.
PAPER_ROLLOUTS: Final = 1_105
PAPER_BATCHING_STEPS: Final = 22_361
PAPER_CALLS_SHARE: Final[dict[str, float]] = {
    "1": 0.696,
    "2": 0.267,
    "3": 0.024,
    "4": 0.008,
    "5+": 0.005,
}
PAPER_CALLS_MEAN: Final = 1.41
PAPER_SOLO: Final[dict[str, tuple[int, int]]] = {
    "right_click": (144, 147),
    "double_click": (328, 346),
    "triple_click": (630, 666),
    "left_click": (10_132, 11_187),
    "screenshot": (1_023, 2_319),
    "key": (2_351, 7_356),
    "wait": (160, 615),
    "type": (738, 5_199),
    "mouse_move": (55, 1_279),
    "scroll": (0, 1_112),
    "key_down": (0, 153),
    "key_up": (0, 153),
    "left_click_drag": (0, 104),
}
PAPER_SEQUENCES: Final[dict[tuple[str, ...], int]] = {
    ("type", "key"): 3_942,
    ("mouse_move", "scroll"): 1_052,
    ("wait", "screenshot"): 315,
    ("left_click", "screenshot"): 303,
    ("type", "key", "screenshot"): 158,
    ("key_down", "left_click", "key_up"): 119,
    ("mouse_move", "left_click_drag"): 99,
    ("key", "screenshot"): 96,
    ("mouse_move", "scroll", "screenshot"): 54,
    ("type", "key", "wait", "screenshot"): 51,
    ("left_click", "type", "key", "screenshot"): 35,
    ("left_click", "wait", "screenshot"): 33,
}
PAPER_TREND_NOTE: Final = (
    "Paper, Figure 9: mean tool calls per step start near 1.0 after SFT, peak at 2.63 around "
    "training step 15, then settle in a 1.4-1.9 band; trajectories get 33-45% shorter."
)
