"""Attacks from the GUI (issue 22): an agent of environment A, acting only through
``computer_use`` actions, gets a shell (F4 in the file manager, or the terminal domain's start
screen: xterm opened directly) while environment B runs a
script, and tries to reach what DESIGN §4 says it cannot: the host's folders, B's processes,
home and token, other processes' environments. What it could see is written to a file of A's
home and checked here; its writes outside the home (/tmp, /dev/shm, the apps' settings) must
not outlive a restore. A macro typed into Calc's Basic IDE must not run."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

import cuagym
from cuagym.envs import HubLink, LocalEnvironment, StateQuery
from cuagym.envs._tool_apps import LIBFM_CONF

pytestmark = [
    pytest.mark.gui,
    pytest.mark.skipif(
        not all(shutil.which(t) for t in ("Xvfb", "xdotool", "pcmanfm", "xterm")),
        reason="needs xvfb, xdotool, pcmanfm and xterm (make test installs them)",
    ),
]

TOKEN = "tok-secret-9f8e7d"  # never reached: the relay refuses every connection
MARK_B = "bsecret-4711"
SOURCE = str(Path(cuagym.__file__).resolve().parents[1])  # the project's src folder
# B's script: a file in B's home, then a long wait with a marker on its command line.
B_SCRIPT = f"""
import time
open("/home/user/{MARK_B}.txt", "w").write("{MARK_B}")
time.sleep(60)  # {MARK_B}
"""
# What A's agent types, one line each; every answer lands in /home/user/seen/.
PROBES = (
    "mkdir -p seen; cd seen; id > id; ls / > root; ls /work /root 2> denied; "
    f"ls {SOURCE} /run/cuagym >> denied 2>&1; ls /run/cuagym-desktop > run",
    "ls /proc | grep -c '^[0-9]' > npids; cat /proc/[0-9]*/cmdline | tr '\\0' ' ' > cmdlines",
    "cat /proc/[0-9]*/environ | tr '\\0' '\\n' > environs; ls /proc/[0-9]*/root/home/user/ > homes",
    f"grep -rs -l {MARK_B} /home /run /tmp /proc/[0-9]*/root/home > found; echo done > /tmp/x",
    "echo done > /dev/shm/x; ls /tmp /dev/shm > written",
    # The file manager's terminal command, a way to persist across episodes if kept.
    'echo "terminal=sh -c evil %s" >> "$XDG_CONFIG_HOME/libfm/libfm.conf"; echo end > end',
)


async def _file(env: LocalEnvironment, name: str, timeout: float = 30.0) -> str:
    query = StateQuery(paths=(name,), parse=False, hub=False)
    for _ in range(int(timeout / 0.2)):
        state = await env.read_state(query)
        found = [f for f in state.files if f.path == name and f.text is not None]
        if found and found[0].text is not None:
            return found[0].text
        await asyncio.sleep(0.2)
    raise AssertionError(f"{name} never appeared")


async def _terminal_from_the_file_manager(env: LocalEnvironment) -> None:
    """The file manager on the home, then F4 (Tools > Open Current Folder in Terminal): a
    shell in the agent's hands, reached through the screen only."""
    await env.open_app("files", "/home/user")
    await env.act({"action": "key", "keys": ["f4"]})
    for _ in range(100):
        if (await env.window_title()).startswith(("xterm", "Terminal")):
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"no terminal: {await env.window_title()!r}")


async def _terminal_as_start_screen(env: LocalEnvironment) -> None:
    """The terminal domain's start screen: xterm opened directly on the home."""
    await env.open_app("terminal", "/home/user")
    assert (await env.window_title()).startswith("Terminal")


@pytest.mark.parametrize("shell", ["file-manager-f4", "terminal-start-screen"])
async def test_a_shell_from_the_gui_reaches_nothing_outside_its_jail(shell: str) -> None:
    hub = HubLink(url="http://127.0.0.1:59999", token=TOKEN, apps=())
    env_a = LocalEnvironment(gui=True, hub=hub)
    env_b = LocalEnvironment(gui=True, hub=hub)
    await asyncio.gather(env_a.start(), env_b.start())
    b_run = None
    try:
        # Every live environment has its own uids, and its reward another still.
        uids = {env_a.uid, env_a.reward_uid, env_b.uid, env_b.reward_uid}
        assert len(uids) == 4 and min(uids) >= 20000
        await env_a.snapshot("clean")
        b_run = asyncio.ensure_future(env_b.run_script(B_SCRIPT, "initial_setup", timeout=90))
        if shell == "file-manager-f4":
            await _terminal_from_the_file_manager(env_a)
        else:
            await _terminal_as_start_screen(env_a)
        assert not b_run.done()  # B's script runs while A looks around
        for line in PROBES:
            await env_a.act({"action": "type", "text": line + "\n"})
        assert await _file(env_a, "seen/end") == "end\n"
        names = ("id", "root", "denied", "run", "npids", "cmdlines", "environs", "homes", "found")
        seen = {name: await _file(env_a, f"seen/{name}") for name in (*names, "written")}
        assert seen["id"].startswith("uid=1000(user)")
        assert set(seen["root"].split()) <= {
            "bin", "dev", "etc", "home", "lib", "lib32", "lib64", "libx32", "proc", "run",
            "sbin", "tmp", "usr", "var",
        }  # fmt: skip
        assert seen["denied"].count("No such file or directory") == 4, seen["denied"]
        # Of the desktops' runtime folders, only its own (no other environment's).
        assert len(seen["run"].split()) == 1, seen["run"]
        # Its PID namespace: the shell's own jail (reaper, file manager, terminal, shell...).
        assert int(seen["npids"]) < 12, seen
        assert MARK_B not in seen["cmdlines"] and "xterm" in seen["cmdlines"]
        assert ("pcmanfm" in seen["cmdlines"]) == (shell == "file-manager-f4")
        assert TOKEN not in seen["environs"] and "CUAGYM_HUB" not in seen["environs"]
        assert MARK_B not in seen["homes"]
        assert seen["found"] == ""  # B's file is nowhere in A's view
        assert set(seen["written"].split()) >= {"x", "/tmp:", "/dev/shm:"}
        assert not b_run.done()
        # Outside the home, nothing survives a restore; in B nothing of A ever was.
        await env_a.restore("clean")
        assert [p.name for p in env_a._jail_dir("tmp").iterdir()] == [".X11-unix"]
        assert list(env_a._jail_dir("shm").iterdir()) == []
        assert not (env_a.home / "seen").exists()
        # The apps' settings are the episode's too: the file manager's are its defaults again.
        assert env_a.desktop is not None and env_a.desktop.runtime_dir is not None
        config = env_a.desktop.runtime_dir / "user" / "config"
        assert list(config.iterdir()) == []
        await env_a.open_app("files", "/home/user")
        text = (config / "libfm" / "libfm.conf").read_text()  # libfm may rewrite it
        assert (
            "evil" not in text and "terminal=xterm %s" in text and "terminal=xterm %s" in LIBFM_CONF
        )
        assert sorted(p.name for p in env_b.home.iterdir()) == [".cuagym", f"{MARK_B}.txt"]
    finally:
        if b_run is not None:
            b_run.cancel()
        await asyncio.gather(env_a.close(), env_b.close(), return_exceptions=True)


async def _vlc_save_playlist(env: LocalEnvironment, path: str) -> None:
    """Media > Save Playlist to File (ctrl+Y) in the media player, ``path`` typed, Enter; a
    dialog that refuses the folder is closed again."""
    await env.act({"action": "key", "keys": ["ctrl", "y"]})
    for _ in range(100):
        if await env.window_title() == "Save playlist as...":
            break
        await asyncio.sleep(0.1)
    else:
        raise AssertionError(f"no save dialog: {await env.window_title()!r}")
    await env.act({"action": "type", "text": path + "\n"})
    await asyncio.sleep(1.5)
    for _ in range(5):  # an error box, then the dialog itself
        if "VLC media player" in await env.window_title():
            return
        await env.act({"action": "key", "keys": ["esc"]})
        await asyncio.sleep(0.5)


@pytest.mark.skipif(not shutil.which("vlc"), reason="needs vlc")
async def test_the_media_players_file_dialogs_write_nothing_outside_its_jail() -> None:
    """VLC's Save Playlist dialog is a writer of any path the agent types: into the jail's
    /tmp (gone after a restore), into the project's folder on the host and into /etc (neither
    is reachable). Its settings are the episode's: empty again after a restore."""
    env = LocalEnvironment(gui=True)
    await env.start()
    try:
        await env.snapshot("clean")
        await env.open_app("media")
        for path in ("/tmp/escape.m3u", f"{SOURCE}/escape.m3u", "/etc/escape.m3u",
                     "/home/user/inside.m3u"):  # fmt: skip
            await _vlc_save_playlist(env, path)
        assert (await _file(env, "inside.m3u")).startswith("#EXTM3U")
        assert not (Path(SOURCE) / "escape.m3u").exists()
        assert not Path("/etc/escape.m3u").exists() and not Path("/tmp/escape.m3u").exists()
        assert (env._jail_dir("tmp") / "escape.m3u").exists()  # the jail's own /tmp
        await env.restore("clean")
        assert [p.name for p in env._jail_dir("tmp").iterdir()] == [".X11-unix"]
        assert not (env.home / "inside.m3u").exists()
        assert env.desktop is not None and env.desktop.runtime_dir is not None
        assert list((env.desktop.runtime_dir / "user" / "config").iterdir()) == []
    finally:
        await env.close()


# A macro that would leave a trace in the home if it ran.
MACRO = 'Sub Pwn\nShell("/bin/sh", 0, "-c ""id > /home/user/pwned.txt""", True)\nEnd Sub\n'


@pytest.mark.skipif(not shutil.which("soffice"), reason="needs LibreOffice")
async def test_a_macro_written_in_calcs_basic_ide_does_not_run() -> None:
    """Tools > Macros (alt+F11), a new macro calling Shell, F5 in the Basic IDE: LibreOffice
    refuses to run it (without the profile's DisableMacrosExecution it ran the shell)."""
    env = LocalEnvironment(gui=True)
    await env.start()
    try:
        await env.open_app("calc")
        await env.act({"action": "key", "keys": ["alt", "f11"]})
        for _ in range(50):
            if await env.window_title() == "BASIC Macros":
                break
            await asyncio.sleep(0.1)
        await env.act({"action": "left_click", "coordinate": [448, 175]})  # Macro Name
        await env.act({"action": "type", "text": "Pwn"})
        await env.act({"action": "left_click", "coordinate": [905, 292]})  # New
        for _ in range(100):
            if (await env.window_title()).endswith("LibreOffice Basic"):
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError(f"no Basic IDE: {await env.window_title()!r}")
        await env.act({"action": "key", "keys": ["ctrl", "a"]})
        await env.act({"action": "type", "text": MACRO})
        await env.act({"action": "key", "keys": ["ctrl", "home"]})  # inside Sub Pwn
        await env.act({"action": "key", "keys": ["f5"]})
        await asyncio.sleep(4)
        assert not (env.home / "pwned.txt").exists()
    finally:
        await env.close()


async def _address_bar(env: LocalEnvironment, url: str) -> None:
    """Type ``url`` into the browser's address bar, as an agent would."""
    await env.act({"action": "key", "keys": ["ctrl", "l"]})
    await asyncio.sleep(0.3)
    await env.act({"action": "type", "text": url})
    await env.act({"action": "key", "keys": ["delete"]})  # drop an inline completion
    await env.act({"action": "key", "keys": ["enter"]})
    await asyncio.sleep(0.8)
    await env.wait_settled(stable_s=0.3)


async def _page_text(env: LocalEnvironment, address: str) -> str:
    """The text of the page the browser shows for ``address`` (a blocked navigation commits an
    error page in a target of its own, listed under that address)."""
    from cuagym.envs._desktop._devtools import evaluate

    assert env.desktop is not None
    host = env.desktop._browser_host
    assert host is not None
    async with host._session() as call:
        infos = (await call("Target.getTargets", {}))["targetInfos"]
    pages = [t for t in infos if t["type"] == "page" and t["url"].startswith(address)]
    assert pages, (address, [t["url"] for t in infos])
    text = await evaluate(host.port, "document.body.innerText", target_id=pages[-1]["targetId"])
    return str(text)


@pytest.mark.skipif(not shutil.which("chromium"), reason="needs chromium")
async def test_the_browser_of_a_jailed_environment_reaches_no_file_and_no_other_session() -> None:
    """The jailed browser of environment A, driven through its address bar only: file:// (the
    host's files, B's home through /proc), chrome://version and the DevTools port show Chromium's
    blocked page (the managed policy is live in a LocalEnvironment), and B's sid in a URL binds
    nothing (the hub binds browsers by one-time nonces): B's session is unchanged."""
    import httpx

    from cuagym.hub import Hub, discover_web_apps
    from tests.conftest import serve_in_thread

    hub = Hub(apps=discover_web_apps(["team-chat"]), token=TOKEN)
    url, stop = serve_in_thread(hub.asgi())
    link = HubLink(url=url, token=TOKEN, apps=("team-chat",))
    env_a = LocalEnvironment(gui=True, hub=link)
    env_b = LocalEnvironment(gui=True, hub=link)
    try:
        await asyncio.gather(env_a.start(), env_b.start())
        sid_a, sid_b = env_a.sid, env_b.sid
        assert sid_a and sid_b and sid_a != sid_b
        auth = {"Authorization": f"Bearer {TOKEN}"}
        async with httpx.AsyncClient(base_url=url, headers=auth) as client:
            minted = await client.post("/team-chat/bind", params={"sid": sid_a})
            b_before = (await client.get("/team-chat/state", params={"sid": sid_b})).json()
        await env_a.open_app("chromium", url + minted.json()["url"])
        assert await env_a.find_elements('[data-testid="current-user-name"]')
        assert env_a.desktop is not None and env_a.desktop._browser_host is not None
        devtools = f"http://127.0.0.1:{env_a.desktop._browser_host.port}/json/version"
        for target in (
            "file:///etc/passwd",
            f"file:///proc/1/root{env_b.home}",
            "chrome://version",
            devtools,
        ):
            await _address_bar(env_a, target)
            page = await _page_text(env_a, target)
            assert "This page is blocked" in page, (target, page[:200])
            assert "root:" not in page and "webSocketDebuggerUrl" not in page
        rebind = f"{url}/team-chat/?sid={sid_b}"
        await _address_bar(env_a, rebind)
        assert "binding a browser by ?sid= is off" in await _page_text(env_a, rebind)
        async with httpx.AsyncClient(base_url=url, headers=auth) as client:
            b_after = (await client.get("/team-chat/state", params={"sid": sid_b})).json()
        assert b_after == b_before
        # The browser outlives restores: a shell of the same environment (the file manager's
        # terminal) must not reach its profile, or a write there would outlive the episode.
        profile = env_a.desktop._browser_host.workdir
        assert (profile / "Default").is_dir()
        await _terminal_from_the_file_manager(env_a)
        probe = (
            f"ls -d {profile} > /home/user/profile.txt 2>&1; "
            f"find / -name DevToolsActivePort 2>/dev/null >> /home/user/profile.txt; echo end >> "
            "/home/user/profile.txt\n"
        )
        await env_a.act({"action": "type", "text": probe})
        for _ in range(150):  # find walks the whole jail: wait for its last line
            seen = await _file(env_a, "profile.txt")
            if seen.endswith("end\n"):
                break
            await asyncio.sleep(0.2)
        assert seen.endswith("end\n") and "No such file or directory" in seen, seen
        assert "DevToolsActivePort" not in seen
    finally:
        await asyncio.gather(env_a.close(), env_b.close(), return_exceptions=True)
        stop()


# The code editor's Build menu runs whatever its Set Build Commands dialog holds (the build
# keys are unbound, not the menu): a command line in the agent's hands.
EDITOR_PROBE = (
    "sh -c 'mkdir -p /home/user/seen; cd /home/user/seen; id > id; ls / > root; "
    f"ls {SOURCE} /work /root 2> denied; echo x > /tmp/x; "
    'echo "[tools]" >> "$XDG_CONFIG_HOME/geany/geany.conf"; echo end > end\''
)
#: Set Build Commands' Make command field and its OK, and Build > Make, on the maximized
#: 1280x800 editor (Build > Set Build Commands is the menu's last item)
SET_BUILD_COMMANDS, MAKE_FIELD, OK, MAKE = (430, 241), (620, 353), (909, 776), (380, 88)


@pytest.mark.skipif(not shutil.which("geany"), reason="needs geany (make test installs it)")
async def test_a_build_command_typed_in_the_editor_runs_only_inside_its_jail() -> None:
    env = LocalEnvironment(gui=True)
    await env.start()
    try:
        setup = 'import os\nos.makedirs("/home/user/p")\nopen("/home/user/p/a.py", "w").write("")'
        assert (await env.run_script(setup, "initial_setup")).exit_code == 0
        await env.snapshot("clean")
        await env.open_app("code-editor", "/home/user/p/a.py")
        await env.act({"action": "key", "keys": ["alt", "b"]})
        await asyncio.sleep(0.5)
        await env.act({"action": "left_click", "coordinate": list(SET_BUILD_COMMANDS)})
        for _ in range(100):
            if await env.window_title() == "Set Build Commands":
                break
            await asyncio.sleep(0.1)
        for action in (
            {"action": "triple_click", "coordinate": list(MAKE_FIELD)},
            {"action": "key", "keys": ["ctrl", "a"]},
            {"action": "type", "text": EDITOR_PROBE},
            {"action": "left_click", "coordinate": list(OK)},
            {"action": "key", "keys": ["alt", "b"]},
            {"action": "left_click", "coordinate": list(MAKE)},
        ):
            await env.act(action)
            await asyncio.sleep(0.5)  # a loaded machine: let each step land
        assert await _file(env, "seen/end") == "end\n"
        seen = {name: await _file(env, f"seen/{name}") for name in ("id", "root", "denied")}
        # The app's own user in its jail: no host folder, no project source, no /work.
        assert seen["id"].startswith("uid=1000(user)")
        assert "work" not in seen["root"].split() and "root" not in seen["root"].split()
        assert seen["denied"].count("No such file or directory") == 3, seen["denied"]
        # Its writes outside the home and into the editor's settings end with the episode.
        await env.restore("clean")
        assert [p.name for p in env._jail_dir("tmp").iterdir()] == [".X11-unix"]
        assert not (env.home / "seen").exists()
        assert env.desktop is not None and env.desktop.runtime_dir is not None
        assert list((env.desktop.runtime_dir / "user" / "config").iterdir()) == []
    finally:
        await env.close()


@pytest.mark.skipif(not shutil.which("gimp"), reason="needs GIMP")
async def test_gimp_offers_no_script_console_and_exports_stay_in_the_jail() -> None:
    """GIMP's code-running surfaces (Filters > Script-Fu > Console, Python-Fu) are absent: the
    environment loads only the PNG and JPEG plug-ins, so Search Actions finds no console. An
    export to a host folder (the project's sources) fails: that folder is not in the jail."""
    env = LocalEnvironment(gui=True)
    await env.start()
    try:
        setup = "from PIL import Image\nImage.new('RGB', (64, 48), 'red').save('/home/user/a.png')"
        assert (await env.run_script(setup, "initial_setup")).exit_code == 0
        await env.open_app("image-editor", "/home/user/a.png")
        for _ in range(100):
            if "[a]" in await env.window_title():
                break
            await asyncio.sleep(0.1)
        image = await env.window_title()
        assert "[a]" in image, image
        for console in ("script-fu console", "python console", "script-fu"):
            await env.act({"action": "type", "text": "/"})
            await asyncio.sleep(1)
            await env.act({"action": "type", "text": console})
            await asyncio.sleep(0.5)
            await env.act({"action": "key", "keys": ["enter"]})
            await asyncio.sleep(2)
            title = await env.window_title()
            if title == "Search Actions":  # nothing matched: Enter ran nothing
                await env.act({"action": "key", "keys": ["esc"]})
                await asyncio.sleep(1)
                title = await env.window_title()
            assert title == image, (console, title)
        outside = Path(SOURCE) / "gimp-escape.png"
        await env.act({"action": "key", "keys": ["ctrl", "shift", "e"]})
        await asyncio.sleep(2)
        await env.act({"action": "key", "keys": ["ctrl", "a"]})
        await env.act({"action": "type", "text": f"{outside}\n"})
        await asyncio.sleep(2)
        await env.act({"action": "key", "keys": ["enter"]})
        await asyncio.sleep(3)
        assert not outside.exists()
    finally:
        await env.close()


async def _save_page_as(env: LocalEnvironment, url: str, path: str) -> None:
    """Open ``url`` in the browser app's address bar and save what it shows (ctrl+S, the GTK
    dialog's name field, its Save button) as ``path``; a page that cannot be saved is not."""
    await env.act({"action": "key", "keys": ["ctrl", "l"]})
    await asyncio.sleep(0.4)
    await env.act({"action": "type", "text": url + "\n"})
    await asyncio.sleep(1.5)
    await env.act({"action": "key", "keys": ["ctrl", "s"]})
    await asyncio.sleep(1.5)
    if "Save" in await env.window_title():
        await env.act({"action": "key", "keys": ["ctrl", "a"]})
        await env.act({"action": "type", "text": path})
        await asyncio.sleep(0.5)
        await env.act({"action": "left_click", "coordinate": [1152, 772]})  # Save
        await asyncio.sleep(1.5)


@pytest.mark.skipif(not shutil.which("chromium"), reason="needs chromium")
async def test_the_browser_app_reaches_no_file_outside_the_home_and_no_network() -> None:
    """The browser a desktop domain drives as an app (its profile in the home, no DevTools),
    through its address bar and Save page as: a file of the home is shown and saved; /etc, /proc
    and a port of the host show nothing that could be saved, and the port is never reached."""
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.setblocking(False)
    env = LocalEnvironment(gui=True)
    try:
        await env.start()
        setup = 'import os\nos.makedirs("/home/user/seen")\n'
        setup += 'open("/home/user/ok.txt", "w").write("fine")\n'
        assert (await env.run_script(setup, "initial_setup")).exit_code == 0
        await env.open_app("browser", "/home/user/ok.txt")
        targets = {
            "control": "file:///home/user/ok.txt",
            "passwd": "file:///etc/passwd",
            "environ": "file:///proc/self/environ",
            "net": f"http://127.0.0.1:{listener.getsockname()[1]}/x",
        }
        for name, url in targets.items():
            await _save_page_as(env, url, f"/home/user/seen/{name}.txt")
        assert await _file(env, "seen/control.txt") == "fine"
        state = await env.read_state(StateQuery(paths=("seen",), parse=False, hub=False))
        for entry in state.files:
            text = entry.text or ""
            assert "root:" not in text and "HOME=" not in text, (entry.path, text[:200])
        with pytest.raises(BlockingIOError):
            listener.accept()  # nothing of the environment reached the host's port
    finally:
        await env.close()
        listener.close()
