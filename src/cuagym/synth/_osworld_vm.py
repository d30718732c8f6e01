"""The helper a bundle's OSWorld config runs inside the VM (``python3 vm.py setup|reward``).

OSWorld runs ``execute`` steps and ignores their exit codes, and it scores a task by looking
for ``REWARD: 1.0`` anywhere in a command's output. This helper makes both safe:

``setup`` (after the scripts were written to the VM): checks what the bundle needs (python3
≥ 3.10 with the reward's libraries; for a web task a cuagym hub reachable from the VM and
serving the task's apps), creates the hub session id, runs initial_setup.py (then deletes it),
copies the home as it is now to the read-only *initial home* rewards compare against, and
writes a status file: ``ok`` or the reason it failed.

``reward`` (in the evaluator): prints one line. Without a good setup status, a line saying
why the task scores 0; otherwise it runs reward.py (``$CUAGYM_INITIAL_HOME`` and the session
set) and prints reward.py's last line if it is a ``REWARD: <float>`` line, or a line saying
why not. The config's command keeps only that line (``| tail -n 1``) for OSWorld's rule, so
nothing a reward echoes from state (a file named ``REWARD: 1.0``) can reach the score.

The text below the marker is written into the VM as ``vm.py`` after a ``from __future__
import annotations`` line (annotations stay text on older VMs); it uses only the standard
library.
"""

# -- written into the VM as vm.py --
import argparse
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import urllib.request
import uuid
from typing import Any

WORK = os.path.dirname(os.path.abspath(__file__))
HOME = os.environ.get("CUAGYM_VM_HOME", "/home/user")
STATUS = os.path.join(WORK, "setup.status")
SID_FILE = os.path.join(WORK, "sid")
INITIAL = os.path.join(WORK, "initial", "home")
SCRIPT_TIMEOUT_S = 100  # OSWorld's VM server kills a command after 120 s
REWARD_LINE = re.compile(r"^REWARD: [+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$")


def one_line(text: Any, limit: int = 300) -> str:
    """``text`` as part of the single line OSWorld reads: one line, printable, no marker."""
    flat = " ".join(str(text).split())
    flat = "".join(ch if ch.isprintable() else "?" for ch in flat)
    return re.sub(r"reward\s*:", "reward=", flat, flags=re.IGNORECASE)[:limit]


def write_status(ok: bool, message: str) -> None:
    with open(STATUS, "w", encoding="utf-8") as fh:
        json.dump({"ok": ok, "message": one_line(message)}, fh)


def missing_requirements(modules: list[str], web: list[str]) -> str:
    """Why this VM cannot run the bundle ("" when it can)."""
    if sys.version_info < (3, 10):  # noqa: UP036 - this runs on the VM's python3, not ours
        return "python3 is " + sys.version.split()[0] + "; the bundle needs 3.10 or newer"
    import importlib.util

    absent = [m for m in modules if importlib.util.find_spec(m) is None]
    if absent:
        return (
            "python3 lacks "
            + ", ".join(absent)
            + " (pip install openpyxl python-docx python-pptx requests)"
        )
    if not web:
        return ""
    hub = os.environ.get("CUAGYM_HUB", "")
    if not hub:
        return (
            "this web task needs a cuagym hub reachable from the VM: export the corpus with "
            "`cuagym export osworld CORPUS --hub URL`"
        )
    try:
        with urllib.request.urlopen(hub.rstrip("/") + "/healthz", timeout=15) as answer:
            served = json.load(answer).get("apps", [])
    except Exception as exc:
        return "the cuagym hub at " + hub + " is not reachable from the VM: " + str(exc)
    lacking = [app for app in web if app not in served]
    if lacking:
        return "the cuagym hub at " + hub + " does not serve " + ", ".join(lacking)
    return ""


def copy_initial_home() -> None:
    """The home as setup left it, read-only, for rewards' whole-state guards (top-level
    hidden entries, browser caches and app settings, are left out)."""
    if os.path.isdir(INITIAL):
        for folder, _, _ in os.walk(INITIAL):
            os.chmod(folder, 0o755)
        shutil.rmtree(INITIAL)
    shutil.copytree(
        HOME,
        INITIAL,
        symlinks=True,
        ignore=lambda folder, names: [n for n in names if n.startswith(".") and folder == HOME],
    )
    for folder, _, filenames in os.walk(INITIAL, topdown=False):
        for name in filenames:
            path = os.path.join(folder, name)
            if not os.path.islink(path):
                os.chmod(path, stat.S_IMODE(os.lstat(path).st_mode) & ~0o222)
        os.chmod(folder, 0o555)


def setup(script: str, modules: list[str], web: list[str]) -> int:
    if os.path.exists(STATUS):
        os.remove(STATUS)
    try:
        problem = missing_requirements(modules, web)
        if problem:
            write_status(False, problem)
            return 1
        sid = "osw-" + uuid.uuid4().hex
        with open(SID_FILE, "w", encoding="utf-8") as fh:
            fh.write(sid + "\n")
        os.makedirs(os.path.join(HOME, ".cuagym"), exist_ok=True)
        with open(os.path.join(HOME, ".cuagym", "sid"), "w", encoding="utf-8") as fh:
            fh.write(sid + "\n")
        env = dict(os.environ, CUAGYM_SID=sid)
        with open(os.path.join(WORK, "setup.log"), "w", encoding="utf-8") as log:
            done = subprocess.run(
                [sys.executable, script], cwd=HOME, env=env, stdout=log, stderr=subprocess.PIPE,
                timeout=SCRIPT_TIMEOUT_S, text=True,
            )  # fmt: skip
            log.write(done.stderr)
        if done.returncode != 0:
            tail = done.stderr.strip().splitlines()[-1:] or ["no error output"]
            write_status(
                False,
                "initial_setup.py exited with status "
                + str(done.returncode)
                + ": "
                + tail[0]
                + " (log: "
                + os.path.join(WORK, "setup.log")
                + ")",
            )
            return 1
        copy_initial_home()
        write_status(True, "ok")
        return 0
    except Exception as exc:  # a timeout, an unwritable folder: say so, never pass silently
        write_status(False, "setup could not finish: " + type(exc).__name__ + ": " + str(exc))
        return 1
    finally:
        if os.path.exists(script):
            os.remove(script)  # the agent must never see the Generator's script


def reward(script: str) -> str:
    """The one line OSWorld's rule reads: reward.py's REWARD line, or why the task scores 0."""
    try:
        with open(STATUS, encoding="utf-8") as fh:
            status = json.load(fh)
    except (OSError, ValueError):
        return "CUAGYM: initial_setup.py never completed in this VM (no setup status); scored 0"
    if status.get("ok") is not True:
        return "CUAGYM: setup failed: " + one_line(status.get("message", "?")) + "; scored 0"
    env = dict(os.environ, CUAGYM_INITIAL_HOME=INITIAL)
    try:
        with open(SID_FILE, encoding="utf-8") as fh:
            env["CUAGYM_SID"] = fh.read().strip()
    except OSError:
        env.pop("CUAGYM_SID", None)
    try:
        done = subprocess.run(
            [sys.executable, script], cwd=HOME, env=env, capture_output=True, text=True,
            timeout=SCRIPT_TIMEOUT_S,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return "CUAGYM: reward.py ran past " + str(SCRIPT_TIMEOUT_S) + " s; scored 0"
    with open(os.path.join(WORK, "reward.log"), "w", encoding="utf-8") as log:
        log.write(done.stdout + "\n--- stderr\n" + done.stderr)
    lines = [line.rstrip() for line in done.stdout.splitlines() if line.strip()]
    last = lines[-1] if lines else ""
    if REWARD_LINE.match(last):
        return last
    return (
        "CUAGYM: reward.py (exit "
        + str(done.returncode)
        + ") did not end with a REWARD line: "
        + one_line(last, 120)
        + "; scored 0"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description="cuagym's side of an OSWorld task")
    parser.add_argument("phase", choices=["setup", "reward"])
    parser.add_argument("script", help="initial_setup.py or reward.py")
    parser.add_argument("--needs", default="", help="python modules the scripts import")
    parser.add_argument("--web", default="", help="the hub apps a web task uses")
    args = parser.parse_args()
    if args.phase == "setup":
        needs = [m for m in args.needs.split(",") if m]
        web = [a for a in args.web.split(",") if a]
        return setup(args.script, needs, web)
    print(reward(args.script))
    return 0


if __name__ == "__main__":
    sys.exit(main())
