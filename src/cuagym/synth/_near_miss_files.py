"""Desktop near misses, derived from the initial and gold homes (DESIGN.md §13).

The two homes are compared file by file (kind, mode, sha256: the state API's tree), and each
changed office file unit by unit (``_near_miss_office``). Candidates:

* ``partial``: one changed cell / paragraph / slide element, or one changed, added or removed
  file, back to its initial form (only when the gold state has two or more changes);
* ``perturb``: one changed or added value nearly right (a formula's range cut by one row);
* ``collateral``: one untouched cell / paragraph / slide element, or one untouched file, changed;
* ``symlink`` / ``extra_copy``: an added file replaced by a symlink to a copy of it, or kept
  with a second copy next to it.

Files under ``.cuagym/`` (the environment's own) and office lock files are never touched.
The host reads and writes the homes with no-follow opens: their content was written by
untrusted scripts.
"""

from __future__ import annotations

import contextlib
import difflib
import os
import re
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import Any, Literal

from cuagym.synth._near_miss_models import FileOp, NearMissCandidate
from cuagym.synth._near_miss_office import OFFICE_FORMATS, Unit, mutate, reverter, units
from cuagym.synth._near_miss_values import perturbations, show

__all__ = ["Tree", "apply_ops", "derive_files", "read_bytes"]

#: path -> (kind, size, mode, sha256, symlink target), as ``_consensus._home_tree`` reads it.
Tree = dict[str, tuple[str, int, int, str | None, str | None]]
_MAX_BYTES = 16 * 1024 * 1024
_MAX_COLLATERAL_FILES = 2
Hunk = tuple[Literal["replace", "delete", "insert", "equal"], int, int, int, int]
_LAST_INT = re.compile(r"(\d+)(?!.*\d)")


def _ignored(rel: str) -> bool:
    name = PurePosixPath(rel).name
    return rel == ".cuagym" or rel.startswith(".cuagym/") or name.startswith(".~lock.")


def _dir_fd(home: Path, parts: list[str], create: bool = False) -> int:
    fd = os.open(home, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        for part in parts:
            if create:
                try:
                    os.mkdir(part, 0o755, dir_fd=fd)
                    st = os.fstat(fd)
                    os.chown(part, st.st_uid, st.st_gid, dir_fd=fd, follow_symlinks=False)
                except FileExistsError:
                    pass
            nxt = os.open(
                part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd
            )
            os.close(fd)
            fd = nxt
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_bytes(home: Path, rel: str) -> bytes | None:
    """A regular file's bytes under ``home`` (no link followed), or None."""
    parts = rel.split("/")
    try:
        dfd = _dir_fd(home, parts[:-1])
    except OSError:
        return None
    try:
        fd = os.open(
            parts[-1], os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=dfd
        )
    except OSError:
        return None
    finally:
        os.close(dfd)
    with os.fdopen(fd, "rb") as fh:
        if os.fstat(fh.fileno()).st_size > _MAX_BYTES:
            return None
        return fh.read()


def apply_ops(home: Path, ops: list[FileOp]) -> None:
    """Make ``ops`` on ``home`` from the host (parents created, nothing followed). What is
    written belongs to the owner of the directory it is written in, as if the environment's
    own user had written it."""
    for op in ops:
        parts = op.path.split("/")
        dfd = _dir_fd(home, parts[:-1], create=op.op in ("write", "symlink"))
        name = parts[-1]
        try:
            owner = os.fstat(dfd)
            if op.op in ("delete", "symlink", "write"):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(name, dir_fd=dfd)
            if op.op == "write":
                flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
                fd = os.open(name, flags, 0o600, dir_fd=dfd)
                with os.fdopen(fd, "wb") as fh:
                    os.fchown(fd, owner.st_uid, owner.st_gid)
                    os.fchmod(fd, op.mode)
                    fh.write(op.data)
            elif op.op == "symlink":
                os.symlink(op.target, name, dir_fd=dfd)
                os.chown(name, owner.st_uid, owner.st_gid, dir_fd=dfd, follow_symlinks=False)
            elif op.op == "rmdir":
                os.rmdir(name, dir_fd=dfd)
            elif op.op == "chmod":
                fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=dfd)
                try:
                    os.fchmod(fd, op.mode)
                finally:
                    os.close(fd)
        finally:
            os.close(dfd)


def _variants(value: Any) -> list[tuple[str, Any]]:
    """Near-right values of a cell / text: a formula keeps its function but loses a row."""
    if isinstance(value, str) and value.startswith("="):
        out: list[tuple[str, Any]] = []
        match = _LAST_INT.search(value)
        if match and int(match.group(1)) > 1:
            cut = value[: match.start()] + str(int(match.group(1)) - 1) + value[match.end() :]
            out.append(("range", cut))
        out.append(("plus_one", value + "+1"))
        return out
    if value is None or not isinstance(value, str | int | float | bool):
        return []
    return perturbations(value)


class _Files:
    def __init__(self, init_home: Path, gold_home: Path, init: Tree, gold: Tree) -> None:
        self.init_home, self.gold_home = init_home, gold_home
        self.init, self.gold = init, gold
        self.out: list[NearMissCandidate] = []

    def add(self, kind: Any, path: str, state: str, build: Callable[[], list[FileOp]]) -> None:
        self.out.append(NearMissCandidate(kind=kind, path=path, state=state, build=build))

    def unit_candidates(
        self,
        rel: str,
        fmt: str,
        init_b: bytes | None,
        gold_b: bytes,
        mode: int,
        changed: list[Unit],
        untouched: list[Unit],
        partial: bool,
    ) -> None:
        for unit in changed:
            if partial and unit.revert is not None and init_b is not None:
                fn = unit.revert
                self.add(
                    "partial",
                    f"{rel}: {unit.label}",
                    f"{rel}: {unit.label} is as it was initially (one of the changes not made)",
                    self._writer(rel, fmt, gold_b, mode, init_b, revert=fn),
                )
            if unit.put is not None:
                for how, new in _variants(unit.value):
                    self.add(
                        "perturb",
                        f"{rel}: {unit.label}",
                        f"{rel}: {unit.label} is {show(new)} instead of {show(unit.value)} ({how})",
                        self._writer(rel, fmt, gold_b, mode, None, put=(unit.put, new)),
                    )
        for unit in untouched:
            if unit.drop is not None:
                self.add(
                    "collateral",
                    f"{rel}: {unit.label}",
                    f"{rel}: {unit.label} (which the task does not touch) is removed",
                    self._writer(rel, fmt, gold_b, mode, None, apply=unit.drop),
                )
                continue
            variants = _variants(unit.value)
            if unit.put is not None and variants:
                how, new = variants[0]
                self.add(
                    "collateral",
                    f"{rel}: {unit.label}",
                    f"{rel}: {unit.label} (which the task does not touch) is {show(new)} "
                    f"instead of {show(unit.value)} ({how})",
                    self._writer(rel, fmt, gold_b, mode, None, put=(unit.put, new)),
                )

    @staticmethod
    def _writer(
        rel: str,
        fmt: str,
        gold_b: bytes,
        mode: int,
        init_b: bytes | None,
        *,
        revert: Any = None,
        put: Any = None,
        apply: Callable[[Any], None] | None = None,
    ) -> Callable[[], list[FileOp]]:
        def build() -> list[FileOp]:
            if revert is not None:
                assert init_b is not None
                data = mutate(fmt, gold_b, reverter(fmt, init_b, revert))
            elif apply is not None:
                data = mutate(fmt, gold_b, apply)
            else:
                setter, value = put
                data = mutate(fmt, gold_b, lambda doc: setter(doc, value))
            return [FileOp("write", rel, data, mode=mode)]

        return build

    def derive(self) -> list[NearMissCandidate]:
        init = {p: e for p, e in self.init.items() if not _ignored(p)}
        gold = {p: e for p, e in self.gold.items() if not _ignored(p)}
        added = [p for p in gold if p not in init and gold[p][0] == "file"]
        removed = [p for p in init if p not in gold and init[p][0] == "file"]
        changed = [p for p in gold if p in init and gold[p][0] == "file" and gold[p] != init[p]]
        office: dict[str, tuple[str, bytes | None, bytes, list[Unit], list[Unit]]] = {}
        texts: dict[str, tuple[list[str], list[str], list[Hunk]]] = {}
        for rel in changed + added:
            fmt = OFFICE_FORMATS.get(PurePosixPath(rel).suffix.lower())
            gold_b = read_bytes(self.gold_home, rel)
            if gold_b is None:
                continue
            init_b = read_bytes(self.init_home, rel) if rel in init else None
            if fmt is not None:
                try:
                    ch, un = units(fmt, init_b, gold_b)
                    office[rel] = (fmt, init_b, gold_b, ch, un)
                    continue
                except Exception:  # a file the library cannot load: treated as bytes
                    pass
            old_lines, new_lines = _lines(init_b or b""), _lines(gold_b)
            if old_lines is not None and new_lines is not None:
                hunks = difflib.SequenceMatcher(a=old_lines, b=new_lines, autojunk=False)
                texts[rel] = (old_lines, new_lines, hunks.get_opcodes())
        # A folder the task makes and leaves empty is a change of its own (a folder tree).
        new_dirs = [
            p
            for p in gold
            if p not in init
            and gold[p][0] == "dir"
            and not any(q.startswith(p + "/") for q in gold)
        ]
        total = len(added) + len(removed) + len(new_dirs)
        for p in changed:
            if p in office:
                total += max(1, len(office[p][3]))
            elif p in texts:
                total += max(1, sum(1 for h in texts[p][2] if h[0] != "equal"))
            else:
                total += 1
        partial = total >= 2
        for rel in changed:
            if rel in office:
                fmt, init_b, gold_b, ch, un = office[rel]
                self.unit_candidates(rel, fmt, init_b, gold_b, gold[rel][2], ch, un, partial)
            elif rel in texts and texts[rel][0] != texts[rel][1]:
                self._text_candidates(rel, *texts[rel], gold[rel][2], partial)
            elif partial:
                self._revert_file(rel, init[rel][2], gold[rel][3] == init[rel][3])
        for rel in added:
            if partial:
                self.add(
                    "partial",
                    rel,
                    f"{rel} does not exist (one of the changes not made)",
                    _delete_op(rel),
                )
            if rel in office:
                fmt, _, gold_b, ch, _ = office[rel]
                self.unit_candidates(rel, fmt, None, gold_b, gold[rel][2], ch, [], False)
            elif rel in texts:
                self._text_candidates(rel, *texts[rel], gold[rel][2], False)
            self._link_and_copy(rel, gold[rel][2])
        for rel in new_dirs if partial else []:
            self.add(
                "partial",
                rel,
                f"the folder {rel} does not exist (one of the changes not made)",
                _rmdir_op(rel),
            )
        for rel in removed:
            if partial or added:
                self._revert_file(rel, init[rel][2], False)
        self._collateral_files(init, gold, set(changed) | set(added))
        return self.out

    def _revert_file(self, rel: str, mode: int, same_content: bool) -> None:
        def build() -> list[FileOp]:
            if same_content:
                return [FileOp("chmod", rel, mode=mode)]
            data = read_bytes(self.init_home, rel)
            return [FileOp("write", rel, data or b"", mode=mode)]

        self.add(
            "partial", rel, f"{rel} is as it was initially (one of the changes not made)", build
        )

    def _text_candidates(
        self,
        rel: str,
        old: list[str],
        new: list[str],
        hunks: list[Hunk],
        mode: int,
        partial: bool,
    ) -> None:
        """Line-level near misses of a text file: a hunk undone, a changed line nearly right,
        an untouched line changed."""
        equal: list[int] = []
        for tag, i1, i2, j1, j2 in hunks:
            if tag == "equal":
                equal += [j for j in range(j1, j2) if new[j].strip()]
                continue
            where = f"{rel}: line {j1 + 1}"
            if partial:
                data = [*new[:j1], *old[i1:i2], *new[j2:]]
                back = f"lines {i1 + 1}-{i2} of the initial file" if i2 > i1 else "nothing"
                self.add(
                    "partial",
                    where,
                    f"{where}: {back} in place of the {j2 - j1} line(s) the task puts there "
                    "(one of the changes not made)",
                    _write_op(rel, _join(data), mode),
                )
            if j2 > j1 and new[j1].strip():
                line = new[j1].rstrip("\r\n")
                for how, changed in perturbations(line)[:3]:
                    data = [*new[:j1], changed + new[j1][len(line) :], *new[j1 + 1 :]]
                    self.add(
                        "perturb",
                        where,
                        f"{where} is {show(changed)} instead of {show(line)} ({how})",
                        _write_op(rel, _join(data), mode),
                    )
        step = max(1, len(equal) // 4)
        for j in equal[::step][:4]:
            line = new[j].rstrip("\r\n")
            variants = perturbations(line)
            if variants:
                how, changed = variants[0]
                data = [*new[:j], changed + new[j][len(line) :], *new[j + 1 :]]
                where = f"{rel}: line {j + 1}"
                self.add(
                    "collateral",
                    where,
                    f"{where} (which the task does not touch) is {show(changed)} instead "
                    f"of {show(line)} ({how})",
                    _write_op(rel, _join(data), mode),
                )

    def _link_and_copy(self, rel: str, mode: int) -> None:
        path = PurePosixPath(rel)
        hidden = str(path.with_name(f".{path.name}.target"))
        twin = str(path.with_name(f"{path.stem} (copy){path.suffix}"))

        def link() -> list[FileOp]:
            data = read_bytes(self.gold_home, rel) or b""
            return [
                FileOp("write", hidden, data, mode=mode),
                FileOp("symlink", rel, target=PurePosixPath(hidden).name),
            ]

        def copy() -> list[FileOp]:
            return [FileOp("write", twin, read_bytes(self.gold_home, rel) or b"", mode=mode)]

        self.add(
            "symlink", rel, f"{rel} is a symlink to {hidden} (same content) instead of a file", link
        )
        if twin not in self.gold:
            self.add("extra_copy", rel, f"{rel} is there and so is an extra copy {twin}", copy)

    def _collateral_files(self, init: Tree, gold: Tree, touched: set[str]) -> None:
        pool = sorted(
            p
            for p in gold
            if p in init
            and p not in touched
            and gold[p][0] == "file"
            and not any(part.startswith(".") for part in p.split("/"))
        )
        step = max(1, len(pool) // _MAX_COLLATERAL_FILES)
        for rel in pool[::step][:_MAX_COLLATERAL_FILES]:
            mode = gold[rel][2]
            fmt = OFFICE_FORMATS.get(PurePosixPath(rel).suffix.lower())

            def build(rel: str = rel, fmt: str | None = fmt, mode: int = mode) -> list[FileOp]:
                data = read_bytes(self.gold_home, rel) or b""
                if fmt is not None:
                    _, untouched = units(fmt, data, data)
                    for unit in untouched:
                        variants = _variants(unit.value)
                        if unit.put is not None and variants:
                            put, new = unit.put, variants[0][1]
                            return [
                                FileOp(
                                    "write",
                                    rel,
                                    mutate(fmt, data, _setting(put, new)),
                                    mode=mode,
                                )
                            ]
                return [FileOp("write", rel, data + b"\nedited\n", mode=mode)]

            self.add("collateral", rel, f"{rel} (which the task does not touch) was edited", build)


def _lines(data: bytes) -> list[str] | None:
    """A text file's lines (ends kept), or None for a binary one."""
    if b"\0" in data[:4096]:
        return None
    try:
        return data.decode("utf-8").splitlines(keepends=True)
    except UnicodeDecodeError:
        return None


def _join(lines: list[str]) -> bytes:
    return "".join(lines).encode("utf-8")


def _rmdir_op(rel: str) -> Callable[[], list[FileOp]]:
    return lambda: [FileOp("rmdir", rel)]


def _delete_op(rel: str) -> Callable[[], list[FileOp]]:
    return lambda: [FileOp("delete", rel)]


def _write_op(rel: str, data: bytes, mode: int) -> Callable[[], list[FileOp]]:
    return lambda: [FileOp("write", rel, data, mode=mode)]


def _setting(put: Callable[[Any, Any], None], value: Any) -> Callable[[Any], None]:
    return lambda doc: put(doc, value)


def derive_files(
    init_home: Path, gold_home: Path, init: Tree, gold: Tree
) -> list[NearMissCandidate]:
    """The near misses of a gold home, in a deterministic order (files sorted by path)."""
    return _Files(
        init_home, gold_home, dict(sorted(init.items())), dict(sorted(gold.items()))
    ).derive()
