"""Screenshots of the report's trajectories: small thumbnails in the page, full images beside it.

A screenshot is ~150 KB of PNG; a report that embedded a dozen episodes' screens in base64 ran
to megabytes. The page embeds a thumbnail instead (WebP, 360 px wide, 5-10 KB) and links the
full image, copied into a folder next to the report (``report.html`` → ``report_files/``);
the viewer's page swaps the thumbnail for the full image when that folder is there, so the
report reads sharp next to its files and still shows every screen when mailed alone.
"""

from __future__ import annotations

import base64
import io
import os
import shutil
from pathlib import Path
from urllib.parse import quote

__all__ = ["THUMB_WIDTH", "ReportScreens", "assets_folder"]

#: Thumbnail width in pixels; the height keeps the aspect ratio.
THUMB_WIDTH = 360
_QUALITY = 55


def assets_folder(report: Path) -> Path:
    """The folder of full screenshots next to ``report`` (``report.html`` → ``report_files``)."""
    return report.with_name(f"{report.stem}_files")


def _thumbnail(path: Path) -> str:
    """A data URI of the screenshot shrunk to :data:`THUMB_WIDTH` (WebP, else JPEG); the PNG
    itself when Pillow is missing (matplotlib, which the report needs, brings Pillow)."""
    try:
        from PIL import Image, features
    except ImportError:
        return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")
    with Image.open(path) as image:
        thumb = image.convert("RGB")
        if thumb.width > THUMB_WIDTH:
            height = max(1, round(thumb.height * THUMB_WIDTH / thumb.width))
            thumb = thumb.resize((THUMB_WIDTH, height), Image.Resampling.LANCZOS)
    kind = "WEBP" if features.check("webp") else "JPEG"
    buf = io.BytesIO()
    thumb.save(buf, format=kind, quality=_QUALITY)
    return f"data:image/{kind.lower()};base64," + base64.b64encode(buf.getvalue()).decode("ascii")


class ReportScreens:
    """The trajectories' screen source (``render_episode_html(screens=...)``).

    With a ``folder``, each screenshot is copied there as ``<task>/<k>/<name>.png`` and linked
    as ``<href_base>/<task>/<k>/<name>.png``; without one, only the thumbnail is shown.
    """

    def __init__(self, folder: Path | None = None, href_base: str = "") -> None:
        self.folder = folder
        self.href_base = href_base.rstrip("/")
        self.copied = 0

    def __call__(self, path: Path) -> tuple[str, str | None]:
        thumb = _thumbnail(path)
        if self.folder is None:
            return thumb, None
        # <run>/<task>/<k>/screens/<name>.png -> <task>/<k>/<name>.png
        parts = (path.parent.parent.parent.name, path.parent.parent.name, path.name)
        target = self.folder.joinpath(*parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists():
            try:
                os.link(path, target)
            except OSError:  # another file system, or links not allowed
                shutil.copyfile(path, target)
            self.copied += 1
        return thumb, "/".join((self.href_base, *(quote(p) for p in parts)))
