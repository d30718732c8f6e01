"""The image editor: GIMP 2.10."""

from __future__ import annotations

from types import MappingProxyType

from cuagym.envs._tool_apps._spec import ToolApp

__all__ = ["GIMPRC", "IMAGE_EDITOR"]

# GIMP 2.10's preferences (XDG_CONFIG_HOME/GIMP/2.10/gimprc; the window layout is Debian's
# /etc/gimp/2.0/sessionrc, bound into the jail: one window, toolbox left, layers right). Only the
# plug-ins the image tasks need (the PNG and JPEG exporters): every episode starts on an empty
# config and GIMP queries each plug-in it finds on a first start (about 90: seconds); leaving
# out script-fu also removes the Script-Fu console, the one code-running surface a Debian 12
# GIMP has (no Python-Fu). No session, device status or recent documents saved or restored, no
# update check, no help browser (a help key would try the network), no metadata or colour
# profile in exports (their bytes would vary with the clock), and a window title that shows
# the image's file name, its size in pixels and a "*" while it has unsaved changes.
GIMP_PLUG_INS = ("file-png", "file-jpeg")
GIMPRC = f"""(plug-in-path "{":".join("/usr/lib/gimp/2.0/plug-ins/" + p for p in GIMP_PLUG_INS)}")
(interpreter-path "")
(environ-path "")
(module-load-inhibit "")
(check-updates no)
(check-update-timestamp 0)
(save-session-info no)
(restore-session no)
(save-device-status no)
(save-tool-options no)
(use-help no)
(show-help-button no)
(export-color-profile no)
(export-metadata-exif no)
(export-metadata-xmp no)
(export-metadata-iptc no)
(image-title-format "%f %wx%h %D*")
(save-document-history no)
(num-processors 2)
(undo-levels 20)
"""
GIMP = "/usr/bin/gimp"


def _gimp_argv(path: str | None) -> list[str]:
    # --no-splash: the splash window would be the first mapped; --no-shm: plug-ins get pixels
    # through their pipe, not shared memory the jail's /dev/shm must hold; -n (--new-instance):
    # no DBus lookup of a running GIMP to hand the file to; --no-data / --no-fonts are not
    # used: the text tool needs the fonts, the paint tools their brushes.
    return [GIMP, "--no-splash", "--new-instance", "--no-shm", *([path] if path else [])]


IMAGE_EDITOR = ToolApp(
    name="image-editor", binary=GIMP, packages="gimp", window_class="^Gimp",
    target="file", argv=_gimp_argv,
    config=MappingProxyType({"GIMP/2.10/gimprc": GIMPRC}),
    ready_top_colors=3, ready_stable_s=1.0,
)  # fmt: skip
