"""A task as an OSWorld task: the config.json of a bundle (the models, DESIGN.md §2, are
:mod:`cuagym.core._osworld`'s; every name they use is one OSWorld has).

How :func:`osworld_config` maps a bundle onto OSWorld (all names OSWorld's own):

* ``config`` (run by OSWorld's ``reset``): write ``vm.py`` (:mod:`._osworld_vm`) and
  initial_setup.py into ``/tmp/cuagym``, then ``vm.py setup``: it checks what the bundle needs
  (python3 ≥ 3.10 with openpyxl, python-docx, python-pptx and requests; for a web task a
  cuagym hub reachable from the VM that serves the task's apps), runs initial_setup.py from
  the home, deletes it, copies the home read-only to ``/tmp/cuagym/initial/home`` (the
  initial home rewards compare against) and records ``ok`` or why setup failed. OSWorld
  ignores exit codes, so a failure shows in the score instead: 0, with the reason as the line
  the evaluator reads. Then the task's start windows (``task_config.json`` ``start``, DESIGN
  §6) open: ``open`` for a file or folder, ``launch`` for an app, Chrome on the hub page
  (bound to the VM's session) for a web app;
* ``evaluator.postconfig``: write ``vm.py`` and reward.py afresh (reward.py is never in the VM
  while the agent acts);
* ``evaluator.result``: getter ``vm_command_line`` runs ``vm.py reward`` after checking both
  scripts' sha256 (an agent cannot swap them) and keeps one line, ``| tail -n 1``: reward.py's
  ``REWARD:`` line, or a line saying why the task scores 0; ``evaluator.expected``: getter
  ``rule`` with ``{"include": ["REWARD: 1.0"], "exclude": []}``; ``evaluator.func``: metric
  ``check_include_exclude``, so OSWorld gives 1.0 iff that one line is ``REWARD: 1.0``. Our
  own runners parse the full output for partial credit.

Scripts reach the VM inline by default: ``execute`` steps write their base64 text in chunks
(Linux caps one ``sh -c`` argument at 131,072 bytes, and crm scripts are over 100 KB), so
config.json alone is self-contained, and base64 keeps the text clear of the
``{SCREEN_WIDTH}``-style placeholders OSWorld's ``execute`` substitutes. With ``host_dir``
OSWorld uploads initial_setup.py and reward.py from the machine that runs it (``upload_file``).

A web task's hub address is baked in by ``cuagym export osworld CORPUS --hub URL``: the
commands set ``CUAGYM_HUB`` (and the token, in the command only: never written to the VM's
disk) for ``vm.py``, which passes them on to the scripts with the session id it created.

OSWorld's VM server runs each command with a 120 s timeout; ``vm.py`` gives each script 100 s.
Residual risk: in an OSWorld VM the agent is the same user as the evaluator; the initial home
copy is read-only (and root-owned when ``sudo`` accepts the client password) but a determined
agent with a shell could still alter files outside the home.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import Any, Literal

from cuagym.core import TaskConfig
from cuagym.core.osworld import Evaluator, GetterConfig, OSWorldConfig, SetupStep
from cuagym.synth import _osworld_vm

__all__ = [
    "DEFAULT_HOME",
    "DEFAULT_INITIAL_SETUP_PATH",
    "DEFAULT_REWARD_PATH",
    "DESKTOP_APP_COMMANDS",
    "REWARD_PASS_MARKER",
    "VM_DIR",
    "VM_INITIAL_HOME",
    "VM_REQUIREMENTS",
    "osworld_config",
    "start_steps",
    "vm_helper_source",
]

DEFAULT_HOME = "/home/user"
# Outside /home/user so that none of cuagym's files shows up in the state a reward inspects.
VM_DIR = "/tmp/cuagym"
DEFAULT_INITIAL_SETUP_PATH = f"{VM_DIR}/initial_setup.py"
DEFAULT_REWARD_PATH = f"{VM_DIR}/reward.py"
VM_INITIAL_HOME = f"{VM_DIR}/initial/home"
REWARD_PASS_MARKER = "REWARD: 1.0"
#: Python modules every bundle's scripts may import in the VM (python3 ≥ 3.10 is checked too).
VM_REQUIREMENTS = ("openpyxl", "docx", "pptx", "requests")
# Base64 characters per `execute` step: Linux caps one argv string (the `sh -c` command) at
# 131,072 bytes; stay well below it with the rest of the command around the chunk.
CHUNK_CHARS = 96_000
#: How a start window opens a desktop app without a file (OSWorld's Ubuntu image).
DESKTOP_APP_COMMANDS: dict[str, list[str]] = {
    "calc": ["libreoffice", "--calc"],
    "writer": ["libreoffice", "--writer"],
    "impress": ["libreoffice", "--impress"],
    "files": ["nautilus"],
    "pdf": ["xournalpp"],
    "chromium": ["google-chrome"],
    "terminal": ["gnome-terminal"],
    "code-editor": ["geany"],
    "media": ["vlc"],
    "image-editor": ["gimp"],
    # The browser as an app: Chrome on the task's own profile in the home (see
    # cuagym.apps.browser), its page given as a file:// address (an ``open`` would start the
    # VM's default browser on its default profile).
    "browser": [
        "google-chrome",
        "--user-data-dir=/home/user/.config/chromium-task",
        "--no-first-run",
    ],
}
#: desktop apps a path is given to on their command line (as a file:// address), not opened
DESKTOP_APPS_ON_URL = frozenset({"browser"})
_VM_MARKER = "# -- written into the VM as vm.py --\n"

_VM_PATH = re.compile(r"^/[A-Za-z0-9._/-]+$")
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_APP_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


def _check_vm_path(path: str, what: str) -> str:
    if not _VM_PATH.match(path) or ".." in PurePosixPath(path).parts:
        raise ValueError(f"{what} {path!r} must be an absolute path of [A-Za-z0-9._/-]")
    return path


def vm_helper_source() -> str:
    """The text of ``vm.py`` (:mod:`cuagym.synth._osworld_vm` below its marker)."""
    text = Path(_osworld_vm.__file__).read_text(encoding="utf-8")
    at = text.index(_VM_MARKER) + len(_VM_MARKER)
    return "from __future__ import annotations\n\n" + text[at:]


def _execute(command: str) -> SetupStep:
    return SetupStep(type="execute", parameters={"command": command, "shell": True})


def _inline_put(text: str, path_in_vm: str) -> list[SetupStep]:
    """``execute`` steps writing ``text`` to ``path_in_vm``: base64 in chunks, then decoded."""
    encoded = base64.b64encode(text.encode("utf-8")).decode("ascii")
    staging = f"{path_in_vm}.b64"
    parent = shlex.quote(str(PurePosixPath(path_in_vm).parent))
    chunks = [encoded[i : i + CHUNK_CHARS] for i in range(0, len(encoded), CHUNK_CHARS)] or [""]
    steps = []
    for i, chunk in enumerate(chunks):
        command = (
            f"printf %s {chunk} {'>' if i == 0 else '>>'} {staging}"
            if chunk
            else (f": > {staging}")
        )
        if i == 0:
            command = f"mkdir -p {parent} && rm -f {path_in_vm} && " + command
        if i == len(chunks) - 1:
            command += f" && base64 -d {staging} > {path_in_vm} && rm -f {staging}"
        steps.append(_execute(command))
    return steps


def _upload_put(host_dir: str | os.PathLike[str], name: str, path_in_vm: str) -> SetupStep:
    local = os.path.join(os.fspath(host_dir), name)
    return SetupStep(
        type="upload_file", parameters={"files": [{"local_path": local, "path": path_in_vm}]}
    )


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def start_steps(
    start: Sequence[Mapping[str, Any]], *, hub: str | None, vm_dir: str = VM_DIR
) -> list[SetupStep]:
    """OSWorld steps that open a task's start windows (DESIGN §6), in order: ``open`` a file or
    folder, ``launch`` a desktop app, or ``launch`` Chrome on a web app's page bound to the
    VM's hub session (``$(cat vm_dir/sid)``, created by ``vm.py setup``). Web windows need
    ``hub``, the hub's address as the VM reaches it; without it they are left out (a bundle's
    own config, whose web setup then fails loudly until ``cuagym export osworld --hub``)."""
    steps: list[SetupStep] = []
    for i, window in enumerate(start):
        app, path, page = window.get("app"), window.get("path"), window.get("page")
        if not isinstance(app, str) or not _APP_ID.match(app):
            raise ValueError(f"start[{i}]: app must be an app id, got {app!r}")
        if app in DESKTOP_APP_COMMANDS:
            if page is not None:
                raise ValueError(f"start[{i}]: a desktop app ({app}) takes a path, not a page")
            if path is None:
                steps.append(
                    SetupStep(type="launch", parameters={"command": DESKTOP_APP_COMMANDS[app]})
                )
                continue
            inside = isinstance(path, str) and (path + "/").startswith(DEFAULT_HOME + "/")
            if not inside or ".." in PurePosixPath(str(path)).parts:
                raise ValueError(f"start[{i}]: path must be {DEFAULT_HOME} or a path under it")
            if app == "terminal":  # "open" on a folder shows a file manager, not a shell there
                shell = [*DESKTOP_APP_COMMANDS[app], f"--working-directory={path}"]
                steps.append(SetupStep(type="launch", parameters={"command": shell}))
                continue
            if app in DESKTOP_APPS_ON_URL:
                argv = [*DESKTOP_APP_COMMANDS[app], f"file://{path}"]
                steps.append(SetupStep(type="launch", parameters={"command": argv}))
                continue
            steps.append(SetupStep(type="open", parameters={"path": path}))
            continue
        if path is not None:
            raise ValueError(f"start[{i}]: a web app ({app}) takes a page, not a path")
        page = "/" if page is None else page
        if not isinstance(page, str) or not re.fullmatch(r"/[A-Za-z0-9._~/%+-]*", page):
            raise ValueError(f"start[{i}]: page must be a path under the app, got {page!r}")
        if hub is None:
            continue  # no hub address yet (a bundle's own config): the export opens it
        url = f"{hub.rstrip('/')}/{app}{page}?sid=$(cat {vm_dir}/sid)"
        command = f'google-chrome --remote-debugging-port=1337 "{url}"'
        steps.append(SetupStep(type="launch", parameters={"command": command, "shell": True}))
    if any(s.type == "launch" for s in steps):
        steps.append(SetupStep(type="sleep", parameters={"seconds": 3}))  # let windows draw
    return steps


def _env_prefix(env: Mapping[str, str]) -> str:
    out = ""
    for name, value in env.items():
        if not _ENV_NAME.match(name):
            raise ValueError(f"reward_env name {name!r} is not a valid variable name")
        out += f"{name}={shlex.quote(value)} "
    return out


def osworld_config(
    task: TaskConfig,
    initial_setup_path_in_vm: str = DEFAULT_INITIAL_SETUP_PATH,
    reward_path_in_vm: str = DEFAULT_REWARD_PATH,
    *,
    initial_setup: str | None = None,
    reward: str | None = None,
    host_dir: str | os.PathLike[str] | None = None,
    home: str = DEFAULT_HOME,
    reward_env: Mapping[str, str] | None = None,
    web_apps: Sequence[str] = (),
    hub: str | None = None,
    hub_token: str | None = None,
    start: Sequence[Mapping[str, Any]] | None = None,
    extra_setup: Sequence[SetupStep] = (),
    snapshot: str = "init_state",
    source: str = "cuagym",
    related_apps: Sequence[str] | None = None,
    proxy: bool = False,
    fixed_ip: bool = False,
    possibility_of_env_change: Literal["low", "medium", "high"] = "low",
) -> OSWorldConfig:
    """Build the OSWorld task for ``task`` (see the module docstring for what runs where).

    Give the script texts (``initial_setup`` and ``reward``) to inline them, or ``host_dir``,
    the bundle folder on the machine that runs OSWorld, to upload them from there (the
    reward's text is still needed for its checksum when given; without it, no checksum).
    ``web_apps``: the task's apps served by the hub (a web task): setup then requires ``hub``,
    the hub's root URL as the VM reaches it, and ``hub_token`` when the hub has one.
    ``start``: the start windows (default: ``task_config.json``'s ``start``, if any).
    ``extra_setup`` steps run after the start windows; ``reward_env`` adds environment
    variables for the scripts. ``snapshot`` defaults to OSWorld's ``DesktopEnv`` default.
    """
    _check_vm_path(initial_setup_path_in_vm, "initial_setup_path_in_vm")
    _check_vm_path(reward_path_in_vm, "reward_path_in_vm")
    _check_vm_path(home, "home")
    vm_dir = str(PurePosixPath(reward_path_in_vm).parent)
    helper = f"{vm_dir}/vm.py"
    vm_text = vm_helper_source()
    if host_dir is not None:
        if initial_setup is not None:
            raise ValueError("give either the script texts (inline) or host_dir, not both")
        put_setup = [_upload_put(host_dir, "initial_setup.py", initial_setup_path_in_vm)]
        put_reward = [_upload_put(host_dir, "reward.py", reward_path_in_vm)]
    elif initial_setup is not None and reward is not None:
        put_setup = _inline_put(initial_setup, initial_setup_path_in_vm)
        put_reward = _inline_put(reward, reward_path_in_vm)
    else:
        raise ValueError("give both initial_setup and reward texts, or host_dir")
    web = [a for a in dict.fromkeys(web_apps)]
    for app in web:
        if not _APP_ID.match(app):
            raise ValueError(f"web app id {app!r} is not an app id")
    env: dict[str, str] = {"CUAGYM_VM_HOME": home}
    if hub is not None:
        if not re.fullmatch(r"https?://[^\s'\"]+", hub):
            raise ValueError(f"hub {hub!r} must be an http(s) URL")
        env["CUAGYM_HUB"] = hub.rstrip("/")
        if hub_token:
            env["CUAGYM_HUB_TOKEN"] = hub_token
    env.update(reward_env or {})
    prefix = _env_prefix(env)
    windows = start if start is not None else _task_start(task)
    opened = start_steps(windows, hub=hub, vm_dir=vm_dir) if windows else []
    web_arg = f" --web {','.join(web)}" if web else ""
    run_setup = _execute(
        f"cd {home} && {prefix}python3 {helper} setup {initial_setup_path_in_vm} "
        f"--needs {','.join(VM_REQUIREMENTS)}{web_arg}; "
        # Best effort: a root-owned initial home cannot be edited by the agent's user. OSWorld
        # substitutes its client password here; without sudo it stays the user's, read-only.
        f"printf '%s\\n' '{{CLIENT_PASSWORD}}' | sudo -S -p '' chown -R root:root "
        f"{vm_dir}/initial >/dev/null 2>&1; true"
    )
    checks = [f"echo {_sha256(vm_text)}  {helper} | sha256sum -c --status"]
    if reward is not None:
        checks.append(f"echo {_sha256(reward)}  {reward_path_in_vm} | sha256sum -c --status")
    intact = " && ".join(checks)
    tampered = "CUAGYM: the evaluation scripts in the VM were altered; scored 0"
    result = (
        f"cd {home} && if {intact}; then {prefix}python3 {helper} reward {reward_path_in_vm} "
        f"2>/dev/null; else echo '{tampered}'; fi | tail -n 1"
    )
    return OSWorldConfig(
        id=task.task_id,
        snapshot=snapshot,
        instruction=task.instruction,
        source=source,
        config=[
            _execute(
                f"mkdir -p {vm_dir} && find {vm_dir} -mindepth 1 -maxdepth 1 -exec rm -rf {{}} +"
            ),
            *_inline_put(vm_text, helper),
            *put_setup,
            run_setup,
            *opened,
            *extra_setup,
        ],
        trajectory="trajectories/",
        related_apps=list(related_apps if related_apps is not None else task.apps),
        evaluator=Evaluator(
            postconfig=[*_inline_put(vm_text, helper), *put_reward],
            func="check_include_exclude",
            result=GetterConfig(type="vm_command_line", command=result, shell=True),
            expected=GetterConfig(
                type="rule", rules={"include": [REWARD_PASS_MARKER], "exclude": []}
            ),
        ),
        proxy=proxy,
        fixed_ip=fixed_ip,
        possibility_of_env_change=possibility_of_env_change,
    )


def _task_start(task: TaskConfig) -> list[Mapping[str, Any]]:
    """``start`` of task_config.json (DESIGN §6): a list of ``{app, path, page}`` windows."""
    if task.start is None:
        return []
    return [window.model_dump() for window in task.start]
