"""The paper's release rules, checked by code: a generic name, no brand assets, the neutral
palette, original copy.

* :class:`BrandList`: the curated names of well-known products (``data/brands.txt``) plus the
  product a plan was asked to stand in for; a name matches as a phrase of whole words or run
  together (``google docs`` finds "Google Docs" and ``googledocs-mock``);
* :func:`scan_release`: an app project's templates and static files — brand names in the copy,
  logo or brand image files, images from other sites, and colour literals outside the theme
  (``static/theme.css``, whose colours must be greys or the neutral palette's).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cuagym.apps.webkit import NEUTRAL_PALETTE

__all__ = ["THEME_FILE", "BrandList", "scan_release"]

_BRANDS_FILE = Path(__file__).with_name("data") / "brands.txt"
_WORD = re.compile(r"[a-z0-9]+")
#: the one file of an app where colours are declared (as CSS custom properties)
THEME_FILE = "static/theme.css"
_HEX = re.compile(r"#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")
_FUNC_COLOUR = re.compile(r"\b(?:rgba?|hsla?)\(\s*[^)]*\)")
_EXTERNAL_IMAGE = re.compile(
    r"https?://[^\s\"'()<>]+\.(?:png|jpe?g|gif|svg|webp|ico)\b|url\(\s*['\"]?https?://",
    re.IGNORECASE,
)
_TEXT_SUFFIXES = {".html", ".htm", ".css", ".js", ".svg", ".txt", ".md", ".json"}
_IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".ico"}
_BRAND_FILE_WORDS = ("logo", "brand", "trademark")
# A grey's channels differ by at most this much: neutral, nobody's brand colour.
_GREY_SPREAD = 16


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


@dataclass(frozen=True)
class BrandList:
    names: tuple[str, ...]

    @classmethod
    def load(cls, product: str = "") -> BrandList:
        lines = _BRANDS_FILE.read_text(encoding="utf-8").splitlines()
        names = [ln.strip().lower() for ln in lines if ln.strip() and not ln.startswith("#")]
        if product.strip():
            names.append(product.strip().lower())
        return cls(tuple(dict.fromkeys(names)))

    def found_in(self, text: str) -> list[str]:
        """The brand names ``text`` mentions, in list order."""
        words = _words(text)
        joined = f" {' '.join(words)} "
        found = []
        for name in self.names:
            parts = _words(name)
            if not parts:
                continue
            phrase = f" {' '.join(parts)} "
            run_together = "".join(parts)
            if phrase in joined or (len(parts) > 1 and run_together in words):
                found.append(name)
        return found


def _is_allowed_colour(literal: str) -> bool:
    digits = literal[1:]
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    rgb = [int(digits[i : i + 2], 16) for i in (0, 2, 4)]
    palette = {v.lower() for v in NEUTRAL_PALETTE.values()}
    return max(rgb) - min(rgb) <= _GREY_SPREAD or f"#{digits.lower()}" in palette


def _files(package: Path) -> Iterable[tuple[str, Path]]:
    for folder in ("templates", "static"):
        root = package / folder
        if root.is_dir():
            for path in sorted(root.rglob("*")):
                if path.is_file() and not path.is_symlink():
                    yield path.relative_to(package).as_posix(), path


def scan_release(package: Path, brands: BrandList) -> list[str]:
    """What in ``package``'s templates and static files breaks the release rules."""
    problems: list[str] = []
    for rel, path in _files(package):
        stem = path.stem.lower()
        if path.suffix.lower() in _IMAGE_SUFFIXES and any(w in stem for w in _BRAND_FILE_WORDS):
            problems.append(f"{rel}: a logo or brand image file (brand assets are not shipped)")
        if path.suffix.lower() not in _TEXT_SUFFIXES:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for name in brands.found_in(text):
            problems.append(f"{rel}: names the product {name!r} (write original, generic copy)")
        if _EXTERNAL_IMAGE.search(text):
            problems.append(f"{rel}: loads an image from another site (ship no remote images)")
        literals = [*_HEX.findall(text), *_FUNC_COLOUR.findall(text)]
        if rel == THEME_FILE:
            bad = [c for c in literals if not (c.startswith("#") and _is_allowed_colour(c))]
            if bad:
                problems.append(
                    f"{rel}: colours {', '.join(sorted(set(bad)))} are neither greys nor in the "
                    "neutral palette"
                )
        elif literals and path.suffix.lower() != ".svg":
            shown = ", ".join(sorted(set(literals))[:4])
            problems.append(
                f"{rel}: colour literals ({shown}) outside the theme: use the CSS variables of "
                f"{THEME_FILE}"
            )
    return problems
