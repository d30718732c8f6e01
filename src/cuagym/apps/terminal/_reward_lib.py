"""Helpers every terminal ``reward.py`` carries (inlined after the shared guard libraries).

Real code (imported and tested on the host) and the text of the reward's helper block. The
state of a terminal task is the whole home as the shell leaves it: :func:`home_state` lists
every entry — dotfiles and ``~/.config`` included — with its content hash (or a link's target)
and its permission bits. What a shell session leaves behind on its own is not task state and
is skipped (:data:`NOISE`: history files, caches, an editor's swap file, LibreOffice's lock
file beside an open workbook).

The whole-state guard is a *plan*: the initial listing with the changes the instruction asks
for (a field ``"*"`` accepts anything: a new file's mode, an archive's bytes), and
:func:`off_plan` names every changed path whose final entry is not the planned one.
"""

# -- inlined into reward.py --
import hashlib
import os
import stat
import tarfile
from collections.abc import Iterable

#: top-level entries a shell, an editor or a pager writes on its own
NOISE = frozenset({".bash_history", ".lesshst", ".viminfo", ".python_history", ".wget-hsts",
                   ".cache", ".local", ".cuagym", ".Xauthority", ".selected_editor"})  # fmt: skip
#: a path's entry: (kind, sha256 / link target / "", permission bits in octal / "")
Entry = tuple[str, str, str]


def skipped(name: str, top: bool) -> bool:
    """Is ``name`` shell or editor litter (at the top of the home, or anywhere)?"""
    if top and name in NOISE:
        return True
    return name.startswith(".~lock.") or name.endswith((".swp", ".swo"))


def sha_of(path: str) -> str:
    """A file's sha256, or "unreadable" (a task on modes may leave a file its owner cannot
    read: that is a state to judge, not a reason for the reward to fail)."""
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()
    except PermissionError:
        return "unreadable"


def home_state(root: str) -> dict[str, Entry]:
    """Every entry under ``root`` by '/'-path, links never followed."""
    out: dict[str, Entry] = {}
    for folder, dnames, fnames in os.walk(root):
        rel = os.path.relpath(folder, root).replace(os.sep, "/")
        rel = "" if rel == "." else rel + "/"
        dnames[:] = [d for d in dnames if not skipped(d, not rel)]
        for name in sorted(dnames) + sorted(f for f in fnames if not skipped(f, not rel)):
            full = os.path.join(folder, name)
            info = os.lstat(full)
            mode = format(stat.S_IMODE(info.st_mode), "03o")
            if stat.S_ISLNK(info.st_mode):
                out[rel + name] = ("link", os.readlink(full), "")
            elif stat.S_ISDIR(info.st_mode):
                out[rel + name] = ("dir", "", mode)
            elif stat.S_ISREG(info.st_mode):
                out[rel + name] = ("file", sha_of(full), mode)
            else:
                out[rel + name] = ("other", "", mode)
    return out


def fits(entry: Entry | None, want: Entry | None) -> bool:
    """Does ``entry`` match the planned ``want`` (None: absent; "*": any value)?"""
    if entry is None or want is None:
        return entry == want
    return all(w == "*" or w == e for e, w in zip(entry, want, strict=True))


def off_plan(
    changes: Iterable[str],
    after: dict[str, Entry],
    plan: dict[str, Entry],
    free: Iterable[str] = (),
) -> list[str]:
    """The changed paths whose final entry is not the planned one, sorted; ``free`` paths
    (checked on their own: an edited config file) may be anything."""
    free = set(free)
    return sorted(p for p in changes if p not in free and not fits(after.get(p), plan.get(p)))


def with_folders(plan: dict[str, Entry], path: str) -> None:
    """Plan every missing folder above ``path`` (any mode)."""
    folder = path.rsplit("/", 1)[0] if "/" in path else ""
    while folder and plan.get(folder, ("",))[0] != "dir":
        plan[folder] = ("dir", "", "*")
        folder = folder.rsplit("/", 1)[0] if "/" in folder else ""


def text_in(root: str, path: str) -> str:
    """A file's text under ``root`` ('' when it is missing or not text)."""
    try:
        with open(os.path.join(root, path), encoding="utf-8") as fh:
            return fh.read()
    except (OSError, UnicodeDecodeError):
        return ""


def link_target(path: str, target: str) -> str:
    """Where a link at ``path`` (relative to the home) with ``target`` points, as a path
    relative to the home ('/'-normalized; a trailing slash ignored)."""
    base = "/home/user/" + (path.rsplit("/", 1)[0] if "/" in path else "")
    full = os.path.normpath(os.path.join(base, target))
    return os.path.relpath(full, "/home/user").replace(os.sep, "/")


def tar_members(root: str, path: str) -> dict[str, str] | None:
    """A gzip tarball's regular members, base name -> sha256 (None: not a readable .tar.gz,
    or two members with one base name)."""
    out: dict[str, str] = {}
    try:
        with tarfile.open(os.path.join(root, path), "r:gz") as tf:
            for info in tf.getmembers():
                if not info.isfile():
                    continue
                name = info.name.rsplit("/", 1)[-1]
                data = tf.extractfile(info)
                if name in out or data is None:
                    return None
                out[name] = hashlib.sha256(data.read()).hexdigest()
    except (OSError, tarfile.TarError, EOFError):
        return None
    return out


def lines_of(text: str) -> list[str]:
    """The lines that are not blank, exactly as written: a comment, a space, a letter's case
    all count (a line that was not to change must not change at all)."""
    return [line for line in text.splitlines() if line.strip()]


DAY_NAMES = ("sun", "mon", "tue", "wed", "thu", "fri", "sat")
MONTH_NAMES = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def cron_values(field: str, low: int, high: int) -> set[int] | None:
    """The values a crontab field stands for (``*``, ``*/15``, ``1-5``, ``mon``, ``0,30``);
    day of week 7 is Sunday (0). None: not a valid field."""
    names = DAY_NAMES if (low, high) == (0, 7) else MONTH_NAMES if low == 1 and high == 12 else ()
    text = field.lower()
    for i, name in enumerate(names):
        text = text.replace(name, str(i + (1 if names is MONTH_NAMES else 0)))
    out: set[int] = set()
    try:
        for part in text.split(","):
            spec, _, step = part.partition("/")
            if spec == "*":
                first, last = low, high
            elif "-" in spec:
                first, last = (int(x) for x in spec.split("-", 1))
            else:
                first = last = int(spec)
            if step and spec != "*" and "-" not in spec:
                last = high  # 5/15: from 5 on, every 15
            if not (low <= first <= last <= high):
                return None
            out.update(range(first, last + 1, int(step) if step else 1))
    except ValueError:
        return None
    return {0 if (low, high) == (0, 7) and v == 7 else v for v in out}
