"""A role that actively hunts for the other side's secrets (stdlib only; runs inside a jail).

The test fills ``CONFIG`` and runs this file as (part of) a role. It searches:

* the whole filesystem it can see (names everywhere, contents outside the read-only system
  trees), looking for the other side's markers and file names, and for exact copies of the
  other side's outputs (by size, then sha256);
* /proc: every process's command line, environment and open files;
* the network: other localhost ports (nothing but the role API should answer);
* the environment API: calls its grant does not allow, path tricks, a forged token, and the
  state views it *is* allowed (which must not show the other side's scripts).

It prints one line ``SPY-REPORT {json}``, which the test reads from the role's transcript.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import urllib.error
import urllib.request

CONFIG: dict = {}  # replaced by the test: role, markers, names, hashes (sha256 -> size)

SKIP_TOP = {"/proc", "/sys", "/dev"}
# Read-only system trees (the host's /usr etc., the env image, third-party packages): names only.
NAMES_ONLY = ("/usr", "/lib", "/lib64", "/lib32", "/bin", "/sbin", "/opt/cuagym/venv")


def api(method: str, path: str, body: object = None, token: str | None = None) -> tuple[int, str]:
    url = os.environ["CUAGYM_ENV_API"].rstrip("/") + path
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method)
    tok = os.environ.get("CUAGYM_ENV_TOKEN", "") if token is None else token
    req.add_header("Authorization", f"Bearer {tok}")
    try:
        with urllib.request.urlopen(req, timeout=120) as resp:
            return resp.status, resp.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")
    except OSError as exc:
        return -1, str(exc)


def scan_bytes(data: bytes, where: str, found: list[str]) -> None:
    for marker in CONFIG["markers"]:
        if marker.encode() in data:
            found.append(f"marker in {where}")


def walk(found: list[str]) -> int:
    sizes = {int(size) for size in CONFIG["hashes"].values()}
    site_dirs = tuple(f"/opt/cuagym/py/{i}" for i in range(1, 8))
    visited = 0
    for top in sorted(os.listdir("/")):
        path = "/" + top
        if path in SKIP_TOP:
            continue
        for dirpath, _dirnames, filenames in os.walk(path, followlinks=False):
            for name in filenames:
                visited += 1
                full = os.path.join(dirpath, name)
                system = dirpath.startswith(NAMES_ONLY) or dirpath.startswith(site_dirs)
                if name in CONFIG["names"] and not system:
                    found.append(f"file named {name}: {full}")
                try:
                    st = os.lstat(full)
                except OSError:
                    continue
                if not os.path.isfile(full) or os.path.islink(full):
                    continue
                if st.st_size in sizes or (not system and st.st_size < 4 << 20):
                    try:
                        with open(full, "rb") as fh:
                            data = fh.read()
                    except OSError:
                        continue
                    if hashlib.sha256(data).hexdigest() in CONFIG["hashes"]:
                        found.append(f"copy of a secret output: {full}")
                    if not system:
                        scan_bytes(data, full, found)
    return visited


def scan_proc(found: list[str]) -> int:
    pids = [p for p in os.listdir("/proc") if p.isdigit()]
    for pid in pids:
        for part in ("cmdline", "environ", "mountinfo"):
            try:
                with open(f"/proc/{pid}/{part}", "rb") as fh:
                    scan_bytes(fh.read(), f"/proc/{pid}/{part}", found)
            except OSError:
                pass
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                if any(n in target for n in CONFIG["names"]):
                    found.append(f"open file {target} in pid {pid}")
        except OSError:
            pass
    return len(pids)


def probe_ports() -> list[int]:
    api_port = int(os.environ["CUAGYM_ENV_API"].rsplit(":", 1)[1].split("/")[0])
    answered = []
    for port in (22, 80, 443, 6379, 8000, 8080, 8765, api_port + 1, api_port - 1):
        with socket.socket() as s:
            s.settimeout(0.5)
            if s.connect_ex(("127.0.0.1", port)) == 0:
                answered.append(port)
    return answered


def probe_api(found: list[str]) -> dict[str, int]:
    role = CONFIG["role"]
    calls: dict[str, int] = {}
    calls["whoami"], _ = api("GET", "/v1/whoami")
    calls["forged token"], _ = api("GET", "/v1/whoami", token="not-a-session")
    calls["path trick"], _ = api("GET", "/v1/envs/gold/../../../etc/passwd")
    calls["unknown endpoint"], _ = api("GET", "/v1/files/reward.py")
    calls["unknown env"], _ = api("POST", "/v1/envs/host/state", {})
    if role == "generator":
        calls["reward"], _ = api("POST", "/v1/envs/init/reward", {"code": "print('REWARD: 1.0')"})
    else:
        code = "open('x','w').write('1')"
        calls["run"], _ = api("POST", "/v1/envs/init/run", {"script": "golden_patch", "code": code})
        calls["reset"], _ = api("POST", "/v1/envs/gold/reset", {})
    for env in ("init", "gold"):
        status, text = api("POST", f"/v1/envs/{env}/state", {})
        calls[f"state {env}"] = status
        scan_bytes(text.encode(), f"state of {env}", found)
        if status == 200:
            for entry in json.loads(text)["files"]:
                if entry["path"] == "patch_copy.py":
                    redacted = str(entry.get("error", "")).startswith("redacted")
                    calls[f"patch_copy redacted in {env}"] = int(redacted)
    return calls


def main() -> None:
    found: list[str] = []
    report = {
        "role": CONFIG["role"],
        "round": os.environ.get("CUAGYM_ROUND"),
        "workspace": sorted(os.listdir(os.path.expanduser("~"))),
        "api": probe_api(found),
        "ports": probe_ports(),
        "files_visited": walk(found),
        "pids": scan_proc(found),
        "uid": os.getuid(),
    }
    report["found"] = found
    print("SPY-REPORT " + json.dumps(report), flush=True)


if __name__ == "__main__":
    main()
