"""config.json: only OSWorld's own names and shapes, and it scores gold 1 and init 0."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from cuagym.core._osworld import osworld_names_used
from cuagym.core._osworld_names import (
    OSWORLD_GETTERS,
    OSWORLD_METRICS,
    OSWORLD_NAME_SOURCES,
    OSWORLD_SETUP_STEPS,
)
from cuagym.core.osworld import Evaluator, GetterConfig, OSWorldConfig, SetupStep
from cuagym.synth._osworld_config import REWARD_PASS_MARKER, osworld_config
from tests.core.bundle_examples import GOLDEN_PATCH, INITIAL_SETUP, REWARD, config, task

OSWORLD_KEYS = {
    "id",
    "snapshot",
    "instruction",
    "source",
    "config",
    "trajectory",
    "related_apps",
    "evaluator",
    "proxy",
    "fixed_ip",
    "possibility_of_env_change",
}


def _configs() -> list[OSWorldConfig]:
    t = task()
    return [
        config(t),
        osworld_config(t, host_dir="/srv/bundles/final/files-budget-total-001", reward=REWARD),
        osworld_config(
            t,
            initial_setup=INITIAL_SETUP,
            reward=REWARD,
            reward_env={"CUAGYM_HUB": "http://10.0.0.2:8765", "CUAGYM_SID": "s 1"},
            extra_setup=[
                SetupStep(type="open", parameters={"path": "/home/user/budget.csv"}),
                SetupStep(type="launch", parameters={"command": ["libreoffice", "--calc"]}),
            ],
        ),
    ]


def test_the_recorded_names_say_where_they_come_from() -> None:
    assert set(OSWORLD_NAME_SOURCES) == {"setup_steps", "getters", "metrics", "evaluator_shape"}
    assert OSWORLD_NAME_SOURCES["getters"][0] == "desktop_env/evaluators/getters/__init__.py"
    assert {"upload_file", "execute", "download", "launch", "open"} <= set(OSWORLD_SETUP_STEPS)
    assert {"vm_command_line", "rule", "vm_file"} <= OSWORLD_GETTERS
    assert {"check_include_exclude", "exact_match", "infeasible"} <= OSWORLD_METRICS


@pytest.mark.parametrize("cfg", _configs(), ids=["inline", "upload_file", "env+extra"])
def test_generated_configs_use_only_recorded_names(cfg: OSWorldConfig) -> None:
    used = osworld_names_used(cfg)
    assert used["setup_steps"] <= set(OSWORLD_SETUP_STEPS)
    assert used["getters"] <= OSWORLD_GETTERS
    assert used["metrics"] <= OSWORLD_METRICS
    for step in [*cfg.config, *cfg.evaluator.postconfig]:
        assert OSWORLD_SETUP_STEPS[step.type].problems(step.parameters) == []


@pytest.mark.parametrize("cfg", _configs(), ids=["inline", "upload_file", "env+extra"])
def test_config_json_has_exactly_osworlds_keys_and_argument_shapes(cfg: OSWorldConfig) -> None:
    data = cfg.to_json()
    assert set(data) == OSWORLD_KEYS
    ev = data["evaluator"]
    # OSWorld tests `"expected" in evaluator` then len()s it, and **-splats options: no nulls.
    assert set(ev) == {"postconfig", "func", "result", "expected"}
    assert ev["func"] == "check_include_exclude"
    assert ev["result"]["type"] == "vm_command_line"
    assert isinstance(ev["result"]["command"], str) and ev["result"]["shell"] is True
    assert ev["expected"] == {
        "type": "rule",
        "rules": {"include": [REWARD_PASS_MARKER], "exclude": []},
    }
    for step in [*data["config"], *ev["postconfig"]]:
        assert set(step) == {"type", "parameters"}
        if step["type"] == "execute":
            assert step["parameters"]["shell"] is True
            # OSWorld's execute step substitutes {CLIENT_PASSWORD}, {SCREEN_WIDTH}, ...: only
            # the setup step's sudo asks for the password on purpose.
            command = step["parameters"]["command"]
            assert "{SCREEN" not in command
            assert ("{CLIENT_PASSWORD}" in command) == (" setup " in command)
            assert len(command.encode()) < 131_072  # one `sh -c` argument
        if step["type"] == "upload_file":
            (entry,) = step["parameters"]["files"]
            assert set(entry) == {"local_path", "path"}
    assert OSWorldConfig.model_validate(data) == cfg


def test_the_agent_never_sees_the_scripts() -> None:
    data = config().to_json()
    commands = " ".join(s["parameters"].get("command", "") for s in data["config"])
    assert "reward.py" not in commands  # reward.py only arrives in evaluator.postconfig
    # vm.py deletes initial_setup.py once it ran (its own test: test_osworld_vm.py)
    assert "vm.py setup /tmp/cuagym/initial_setup.py" in commands
    result = data["evaluator"]["result"]["command"]
    assert result.endswith("| tail -n 1") and result.count("sha256sum -c") == 2


def test_scripts_of_any_size_are_written_in_chunks() -> None:
    big = "x = " + repr("y" * 400_000) + "\n"
    data = osworld_config(task(), initial_setup=big, reward=REWARD).to_json()
    writes = [
        s["parameters"]["command"] for s in data["config"] if "initial_setup.py.b64" in str(s)
    ]
    assert len(writes) >= 5
    assert all(len(c.encode()) < 131_072 for c in writes)
    assert writes[-1].endswith(
        "base64 -d /tmp/cuagym/initial_setup.py.b64 > "
        "/tmp/cuagym/initial_setup.py && rm -f /tmp/cuagym/initial_setup.py.b64"
    )


def test_start_windows_use_osworlds_steps() -> None:
    windows = [
        {"app": "calc", "path": "/home/user/Documents/budget.xlsx"},
        {"app": "writer"},
        {"app": "team-chat", "page": "/c/general"},
    ]
    cfg = osworld_config(
        task(), initial_setup=INITIAL_SETUP, reward=REWARD, start=windows,
        web_apps=["team-chat"], hub="http://10.0.0.2:8765",
    )  # fmt: skip
    steps = [s.model_dump() for s in cfg.config if s.type in ("open", "launch", "sleep")]
    assert steps == [
        {"type": "open", "parameters": {"path": "/home/user/Documents/budget.xlsx"}},
        {"type": "launch", "parameters": {"command": ["libreoffice", "--writer"]}},
        {
            "type": "launch",
            "parameters": {
                "command": "google-chrome --remote-debugging-port=1337 "
                '"http://10.0.0.2:8765/team-chat/c/general?sid=$(cat /tmp/cuagym/sid)"',
                "shell": True,
            },
        },
        {"type": "sleep", "parameters": {"seconds": 3}},
    ]
    # task_config.json's own start is the default
    data = task().model_dump(exclude_none=True)
    t = type(task()).model_validate(
        {**data, "start": [{"app": "calc", "path": "/home/user/a.xlsx"}]}
    )
    opened = [s for s in osworld_config(t, initial_setup="", reward="").config if s.type == "open"]
    assert [s.parameters for s in opened] == [{"path": "/home/user/a.xlsx"}]
    # a bundle's own config has no hub address yet: no web window (setup says why)
    bare = osworld_config(
        task(), initial_setup="", reward="", start=windows[2:], web_apps=["team-chat"]
    )
    assert not [s for s in bare.config if s.type == "launch"]
    for bad, why in [
        ({"app": "calc", "path": "/etc/passwd"}, "under it"),
        ({"app": "calc", "page": "/x"}, "takes a path"),
        ({"app": "team-chat", "path": "/home/user/x"}, "takes a page"),
        ({"app": "team-chat", "page": "no-slash"}, "page must be"),
        ({"app": "Not An App"}, "app id"),
    ]:
        with pytest.raises(ValueError, match=why):
            osworld_config(task(), initial_setup="", reward="", start=[bad], hub="http://h:1")


def test_unknown_names_and_parameters_are_refused() -> None:
    with pytest.raises(ValidationError, match="unknown OSWorld setup step type"):
        SetupStep(type="copyfile_from_host_to_guest", parameters={})
    with pytest.raises(ValidationError, match="unknown parameter 'cwd'"):
        SetupStep(type="execute", parameters={"command": "ls", "cwd": "/"})
    with pytest.raises(ValidationError, match="missing parameter 'files'"):
        SetupStep(type="upload_file", parameters={})
    with pytest.raises(ValidationError, match="unknown OSWorld getter type"):
        GetterConfig(type="vm_python")
    with pytest.raises(ValidationError, match="unknown OSWorld metric"):
        Evaluator(func="reward_at_least", result=GetterConfig(type="vm_file"))
    with pytest.raises(ValidationError, match="result must be a list"):
        Evaluator(func=["exact_match", "exact_match"], result=GetterConfig(type="vm_file"))
    data = config().to_json()
    data["cuagym_version"] = "0.1.0"  # no schema extensions
    with pytest.raises(ValidationError, match="cuagym_version"):
        OSWorldConfig.model_validate(data)


def test_builder_arguments_are_checked() -> None:
    t = task()
    with pytest.raises(ValueError, match="give both"):
        osworld_config(t, initial_setup=INITIAL_SETUP)
    with pytest.raises(ValueError, match="not both"):
        osworld_config(t, initial_setup="", reward="", host_dir="/x")
    with pytest.raises(ValueError, match="absolute path"):
        osworld_config(t, "setup.py", initial_setup="", reward="")
    with pytest.raises(ValueError, match="http"):
        osworld_config(t, initial_setup="", reward="", hub="10.0.0.2:8765")
    with pytest.raises(ValueError, match="variable name"):
        osworld_config(t, initial_setup="", reward="", reward_env={"A B": "1"})


# --- OSWorld's evaluation, step by step, on this machine -------------------------------------
# The steps below do what OSWorld's SetupController and DesktopEnv.evaluate do with our config
# (the VM server runs `execute` and `vm_command_line` commands with subprocess, shell=True),
# with the VM paths pointed into a temp folder.


def _run(command: str) -> str:
    done = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=60)
    return done.stdout


def _check_include_exclude(result: str, rules: dict[str, list[str]]) -> float:
    # desktop_env/evaluators/metrics/general.py, check_include_exclude
    include, exclude = rules.get("include", []), rules.get("exclude", [])
    ok = all(r in result for r in include) and all(r not in result for r in exclude)
    return 1.0 if ok else 0.0


def _osworld_score(data: dict[str, Any], home: Path, golden: bool) -> float:
    for step in data["config"]:
        assert step["type"] == "execute"
        _run(step["parameters"]["command"])
    if golden:  # what the agent (here: the golden patch) does between reset and evaluate
        subprocess.run([sys.executable, "-c", GOLDEN_PATCH], cwd=home, check=True)
    ev = data["evaluator"]
    for step in ev["postconfig"]:
        _run(step["parameters"]["command"])
    result = _run(ev["result"]["command"])
    return _check_include_exclude(result, ev["expected"]["rules"])


@pytest.mark.skipif(shutil.which("base64") is None, reason="needs coreutils base64")
@pytest.mark.parametrize("golden", [False, True], ids=["init", "gold"])
def test_osworld_scores_gold_1_and_init_0(tmp_path: Path, golden: bool) -> None:
    home = tmp_path / "home"
    home.mkdir()
    py = Path(sys.executable).parent
    cfg = osworld_config(
        task(),
        str(tmp_path / "vm/initial_setup.py"),
        str(tmp_path / "vm/reward.py"),
        initial_setup=INITIAL_SETUP,
        reward=REWARD,
        home=str(home),
    )
    # The VM's python3 is the one running the tests.
    data = cfg.to_json()
    ev = data["evaluator"]
    for params in [*(s["parameters"] for s in data["config"] + ev["postconfig"]), ev["result"]]:
        params["command"] = f"PATH={py}:$PATH; " + params["command"]
    score = _osworld_score(data, home, golden)
    assert score == (1.0 if golden else 0.0)
    assert not (tmp_path / "vm/initial_setup.py").exists()
    assert (home / "budget.csv").exists()


def test_a_terminal_start_window_launches_a_shell_in_its_folder() -> None:
    # "open" on a folder would show a file manager there, not a terminal
    start = [{"app": "terminal", "path": "/home/user/deploy"}]
    cfg = osworld_config(task(), initial_setup="", reward="", start=start)
    steps = [s.model_dump() for s in cfg.config if s.type in ("open", "launch")]
    assert steps == [
        {
            "type": "launch",
            "parameters": {"command": ["gnome-terminal", "--working-directory=/home/user/deploy"]},
        }
    ]


def test_every_desktop_app_has_a_command_in_osworlds_image() -> None:
    """A start window naming a desktop app must export: every launcher the desktop knows has
    the command that starts the same app in OSWorld's Ubuntu image."""
    from cuagym.envs import DESKTOP_APP_NAMES
    from cuagym.synth._osworld_config import DESKTOP_APP_COMMANDS

    missing = set(DESKTOP_APP_NAMES) - set(DESKTOP_APP_COMMANDS)
    assert not missing, f"no OSWorld command for {sorted(missing)}"
