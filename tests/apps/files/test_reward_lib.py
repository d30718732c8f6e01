"""The helpers every files reward carries: plans of the asked end state, on the host."""

from __future__ import annotations

from cuagym.apps.files import _reward_lib as lib

BEFORE = {
    "Downloads": ("dir", ""),
    "Downloads/a.pdf": ("file", "sha-a"),
    "Downloads/b.jpg": ("file", "sha-b"),
    "Reports": ("dir", ""),
    "Reports/r.pdf": ("file", "sha-r"),
}


def test_a_plan_moves_copies_removes_and_makes_every_folder_above() -> None:
    plan = lib.planned(
        BEFORE,
        moves=[("Downloads/a.pdf", "Downloads/Docs/PDF/a.pdf")],
        copies=[("Reports/r.pdf", "Shared/Team/r.pdf")],
        removals=["Downloads/b.jpg"],
        folders=["Archive/2024"],
    )
    assert plan == {
        "Downloads": ("dir", ""),
        "Downloads/Docs": ("dir", ""),
        "Downloads/Docs/PDF": ("dir", ""),
        "Downloads/Docs/PDF/a.pdf": ("file", "sha-a"),
        "Reports": ("dir", ""),
        "Reports/r.pdf": ("file", "sha-r"),
        "Shared": ("dir", ""),
        "Shared/Team": ("dir", ""),
        "Shared/Team/r.pdf": ("file", "sha-r"),
        "Archive": ("dir", ""),
        "Archive/2024": ("dir", ""),
    }


def test_off_plan_allows_progress_not_yet_made_and_nothing_else() -> None:
    plan = lib.planned(BEFORE, copies=[("Reports/r.pdf", "Shared/r.pdf")])
    # nothing done yet: no changes at all
    assert lib.off_plan([], BEFORE, plan) == []
    done = {**BEFORE, "Shared": ("dir", ""), "Shared/r.pdf": ("file", "sha-r")}
    assert lib.off_plan(["Shared", "Shared/r.pdf"], done, plan) == []
    linked = {**BEFORE, "Shared": ("dir", ""), "Shared/r.pdf": ("link", "/home/user/Reports/r.pdf")}
    assert lib.off_plan(["Shared", "Shared/r.pdf"], linked, plan) == ["Shared/r.pdf"]
    stray = {**done, "Shared/New Folder": ("dir", "")}
    assert lib.off_plan(["Shared", "Shared/New Folder"], stray, plan) == ["Shared/New Folder"]
    assert lib.off_plan(["x.zip"], {**BEFORE, "x.zip": ("file", "?")}, BEFORE, free=["x.zip"]) == []


def test_names_and_kinds() -> None:
    assert lib.kind_of(b"%PDF-1.4") == "pdf" and lib.kind_of(b"hello") is None
    assert lib.ext_of("a/b.JPG") == "jpg" and lib.ext_of("a/.bashrc") == ""
    assert lib.stem_of("a/b.tar.gz") == "b.tar" and lib.name_of("a/b.c") == "b.c"
    assert lib.inside("a/b/c", "a") and not lib.inside("ab/c", "a")
    assert lib.regular_files(BEFORE, "Downloads") == ["Downloads/a.pdf", "Downloads/b.jpg"]
