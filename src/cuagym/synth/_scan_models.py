"""Result models and the pattern registry of the reward-script scanner (condition C5)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

# Ids are part of the public contract: generators, dashboards and tests key on them.
PATTERNS: dict[str, str] = {
    "direct_bool_assignment": (
        "a verification flag gets a literal value (e.g. `chart_verified = True`) and that flag "
        "decides or counts toward the score without any state comparison"
    ),
    "placeholder_verification": (
        "a verification helper is a stub: it returns a constant or sets a flag to a constant "
        "without reading state (or sets it for any item of a loop over state, comparing "
        "nothing), and its result decides or counts toward the score"
    ),
    "hardcoded_success": (
        "a constant reward or constant points (e.g. `print('REWARD: 1.0')`, `score = 1.0`, "
        "`score += 2` unconditionally) reach the score without depending on environment state"
    ),
    "existence_only": (
        "points are awarded on a file-existence probe alone (os.path.exists/isfile/isdir, "
        "Path.exists/is_file, glob, or metadata such as os.stat/Path.stat sizes and times) "
        "with no read of that file's content"
    ),
    "subprocess": (
        "the script starts or controls processes (subprocess, os.system/popen/exec*/spawn*/fork, "
        "pty, multiprocessing, pexpect, ctypes, webbrowser)"
    ),
    "comment_only": (
        "a comment (`# assume ...`, `# verified manually`) stands in for a check: the points next "
        "to it are awarded without any code that reads state"
    ),
    "dynamic_code": (
        "dynamic code execution or import: eval, exec, compile, __import__, "
        "importlib.import_module, runpy, marshal, or getattr on a module with a computed name"
    ),
    "file_write": (
        "the script writes, creates or deletes files (open for writing, Path.write_text/touch/"
        "unlink/mkdir, os.remove/rename/makedirs, shutil, tempfile, document .save(), "
        "DataFrame.to_csv) although reward scripts must only read state"
    ),
    "network": (
        "network access other than a read of the hub: a URL not built from $CUAGYM_HUB, a "
        "mutating HTTP method (POST/PUT/PATCH/DELETE), raw sockets, ftp/smtp/ssh clients"
    ),
    "exception_award": (
        "points, a passing flag or a non-zero REWARD are produced inside an `except` handler, so "
        "failing to read state is rewarded"
    ),
    "syntax_error": "the reward script does not parse as Python 3, so it cannot be verified",
}


class Violation(BaseModel):
    """One forbidden pattern found in a reward script."""

    model_config = ConfigDict(frozen=True)

    pattern: str
    line: int
    message: str


class ScanReport(BaseModel):
    """Every violation found in one reward script; ``ok`` is condition C5."""

    path: str
    violations: list[Violation]

    @property
    def ok(self) -> bool:
        return not self.violations

    @property
    def pattern_ids(self) -> set[str]:
        return {v.pattern for v in self.violations}
