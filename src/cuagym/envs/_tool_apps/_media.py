"""The media player: VLC with its Qt interface."""

from __future__ import annotations

from types import MappingProxyType

from cuagym.envs._tool_apps._spec import ToolApp

__all__ = ["MEDIA_PLAYER", "MEDIA_SNAPSHOTS", "VLCRC"]

VLC = "/usr/bin/vlc"
#: where the media player writes its snapshots (Video > Take Snapshot): a folder of the home
MEDIA_SNAPSHOTS = "/home/user/Pictures"
# The media player's preferences (Debian builds VLC without its update check, so there is no
# update option to turn off) (VLC reads XDG_CONFIG_HOME/vlc/vlcrc; option names are global,
# the sections only group them). Quiet and deterministic between episodes:
VLCRC = f"""[qt]
# no "allow metadata network access?" dialog on the first start
qt-privacy-ask=0
# no "continue where you left off?" prompt: an episode starts every file at 00:00
qt-continue=0
# no Recent Media list carried between episodes, no tray icon, no pop-up notifications
qt-recentplay=0
qt-system-tray=0
qt-notification=0
# the window keeps its size when a video starts (screen coordinates stay put)
qt-video-autoresize=0

[core]
# no album art or metadata fetched from the network (there is none: no long timeouts)
metadata-network-access=0
# no file name drawn over the first seconds of a video (a snapshot shows the frame alone)
video-title-show=0
# no sound card here: audio is decoded and dropped
aout=dummy
# snapshots (Video > Take Snapshot) as PNG into ~/Pictures, with no thumbnail drawn after
snapshot-path={MEDIA_SNAPSHOTS}
snapshot-format=png
snapshot-preview=0
# one window per start; no media library database
one-instance=0
media-library=0
"""


def _media_argv(path: str | None) -> list[str]:
    # The Qt interface; the quiet options again on the command line (a vlcrc an agent saved
    # from Tools > Preferences cannot bring a first-run dialog or the network back mid-episode).
    quiet = ["--no-qt-privacy-ask", "--no-metadata-network-access",
             "--no-video-title-show", "--aout=dummy", f"--snapshot-path={MEDIA_SNAPSHOTS}",
             "--snapshot-format=png", "--no-snapshot-preview", "--no-one-instance",
             "--no-qt-recentplay", "--no-media-library"]  # fmt: skip
    return [VLC, "-I", "qt", *quiet, *([path] if path else [])]


# VLC on a media file, a playlist or a folder (all enqueued and played), or empty.
MEDIA_PLAYER = ToolApp(
    name="media", binary=VLC, packages="vlc", window_class="vlc",
    target="file", argv=_media_argv,
    config=MappingProxyType({"vlc/vlcrc": VLCRC}),
    ready_stable_s=0.5,
)  # fmt: skip
