"""What a jailed script cannot do: read, write, connect, see, signal, escalate, inherit."""

from __future__ import annotations

import json
import os
import secrets
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from cuagym.sandbox import Sandbox


@pytest.fixture
def canaries() -> Iterator[list[Path]]:
    """Secret files in the host's /tmp, /root and /work (the repo's parent)."""
    token = secrets.token_hex(8)
    paths = [Path(f"/tmp/cuagym-canary-{token}"), Path(f"/root/cuagym-canary-{token}")]
    paths.append(Path(__file__).resolve().parents[3] / f"cuagym-canary-{token}")
    for path in paths:
        path.write_text(f"secret {token}\n")
        path.chmod(0o644)  # world-readable: only the jail may keep a script from it
    try:
        yield paths
    finally:
        for path in paths:
            path.unlink(missing_ok=True)


async def test_no_read_outside_home_and_system(box: Sandbox, canaries: list[Path]) -> None:
    code = f"""
import json, os
out = {{}}
for path in {[str(p) for p in canaries]!r} + ["/etc/shadow", "/root", "/work", "/var/lib"]:
    try:
        out[path] = open(path).read() if os.path.isfile(path) else os.listdir(path)
    except OSError as exc:
        out[path] = type(exc).__name__
out["/"] = sorted(os.listdir("/"))
out["/etc"] = sorted(os.listdir("/etc"))
print(json.dumps(out))
"""
    result = await box.run_python(code)
    assert result.exit_code == 0, result.stderr
    seen = json.loads(result.stdout)
    for path in [*map(str, canaries), "/etc/shadow", "/root", "/work", "/var/lib"]:
        assert seen[path] in ("FileNotFoundError", "PermissionError"), (path, seen[path])
    assert "secret" not in result.stdout
    assert "work" not in seen["/"] and "root" not in seen["/"]
    assert "shadow" not in seen["/etc"] and "passwd" in seen["/etc"]


async def test_no_write_outside_home(box: Sandbox) -> None:
    token = secrets.token_hex(6)
    targets = ["/", "/usr", "/usr/lib", "/etc", "/opt/task", "/opt/cuagym/venv", "/home",
               "/var", "/dev", "/proc", "/bin"]  # fmt: skip
    code = f"""
import json
out = {{}}
for folder in {targets!r}:
    try:
        with open(folder.rstrip("/") + "/w-{token}", "w") as fh:
            fh.write("x")
        out[folder] = "written"
    except OSError as exc:
        out[folder] = type(exc).__name__
for ok in ("/home/user", "/tmp", "/dev/shm"):
    open(ok + "/w-{token}", "w").write("x")
    out[ok] = "written"
print(json.dumps(out))
"""
    result = await box.run_python(code)
    assert result.exit_code == 0, result.stderr
    seen = json.loads(result.stdout)
    for folder in targets:
        assert seen[folder] != "written", folder
        assert not Path(folder, f"w-{token}").exists()
    assert seen["/home/user"] == seen["/tmp"] == seen["/dev/shm"] == "written"
    assert (box.home / f"w-{token}").read_text() == "x"
    # /tmp is private to the run: the next one starts with an empty one.
    again = await box.run_python("import os; print(sorted(os.listdir('/tmp')))")
    assert again.stdout.strip() == "[]"


async def test_no_network_but_loopback_of_its_own(box: Sandbox) -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    port = listener.getsockname()[1]
    try:
        code = f"""
import socket
for host in ("127.0.0.1", "10.0.2.2", "1.1.1.1", "::1"):
    try:
        socket.create_connection((host, {port}), timeout=2)
        print(host, "connected")
    except OSError as exc:
        print(host, type(exc).__name__)
try:
    socket.getaddrinfo("pypi.org", 443)
    print("dns ok")
except OSError:
    print("dns failed")
print("ifaces", sorted(l.split(":")[0].strip() for l in open("/proc/net/dev").readlines()[2:]))
"""
        result = await box.run_python(code, timeout=20)
    finally:
        listener.close()
    assert result.exit_code == 0, result.stderr
    assert "connected" not in result.stdout
    assert "dns failed" in result.stdout
    assert "ifaces ['lo']" in result.stdout


async def test_no_view_of_or_signal_to_host_processes(box: Sandbox) -> None:
    me = os.getpid()
    code = f"""
import os, signal
pids = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
print("pids", pids)
for sig in (signal.SIGTERM, signal.SIGKILL):
    try:
        os.kill({me}, sig)
        print("signalled")
    except ProcessLookupError:
        print("no such process")
try:
    os.kill(-1, signal.SIGKILL)  # everything we may signal: only the jail's own processes
except OSError:
    pass
"""
    result = await box.run_python(code)
    pids = json.loads(result.stdout.splitlines()[0].removeprefix("pids "))
    assert len(pids) <= 4 and max(pids) < 20, pids  # bwrap's init, the script, prlimit's exec
    assert "signalled" not in result.stdout
    assert os.getpid() == me  # still alive


async def test_no_privilege_gain(box: Sandbox) -> None:
    code = r"""
import os, subprocess
status = dict(l.split(":", 1) for l in open("/proc/self/status").read().splitlines())
print("uid", os.getuid(), os.geteuid(), "caps", status["CapEff"].strip(),
      status["CapBnd"].strip(), "nnp", status["NoNewPrivs"].strip())
for argv in (["unshare", "-r", "id", "-u"], ["unshare", "-Urm", "true"],
             ["su", "-c", "id -u"], ["mount", "-t", "tmpfs", "x", "/tmp"],
             ["/usr/sbin/chroot", "/", "true"]):
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=5)
        print(argv[0].rsplit("/", 1)[-1], "rc", done.returncode, done.stdout.strip())
    except (OSError, subprocess.TimeoutExpired) as exc:
        print(argv[0].rsplit("/", 1)[-1], "failed", type(exc).__name__)
try:
    os.setuid(0)
    print("setuid ok")
except OSError:
    print("setuid denied")
"""
    result = await box.run_python(code)
    out = result.stdout
    assert "uid 1000 1000 caps 0000000000000000 0000000000000000 nnp 1" in out, out
    assert "setuid denied" in out
    for tool in ("unshare", "su", "mount", "chroot"):
        line = next(line for line in out.splitlines() if line.startswith(f"{tool} "))
        assert " rc 0" not in line or (tool == "unshare" and line.endswith("rc 0 1000")), line
    assert "unshare rc 0 0" not in out  # no root of a nested user namespace either


async def test_no_caller_environment_leaks(box: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = f"s3cret-{secrets.token_hex(8)}"
    monkeypatch.setenv("CUAGYM_TEST_SECRET", secret)
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", secret)
    code = """
import json, os
env = dict(os.environ)
procs = {}
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        procs[pid] = open(f"/proc/{pid}/environ", "rb").read().decode(errors="replace")
    except OSError as exc:
        procs[pid] = type(exc).__name__
print(json.dumps({"env": env, "procs": procs}))
"""
    result = await box.run_python(code)
    assert secret not in result.stdout
    seen = json.loads(result.stdout)
    assert seen["procs"]["1"] == ""  # bwrap's own init was started with an empty environment
    assert set(seen["env"]) <= {
        "PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "TMPDIR", "PWD",
        "PYTHONDONTWRITEBYTECODE", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS",
    }  # fmt: skip
    assert seen["env"]["HOME"] == "/home/user"


async def test_scripts_live_outside_the_home(box: Sandbox) -> None:
    result = await box.run_python(
        "import os, sys; print(os.getcwd(), __file__, sorted(os.listdir('.')))", name="reward.py"
    )
    assert result.stdout.split() == ["/home/user", "/opt/task/reward.py", "[]"]
    assert not any(box.home.iterdir())
