"""Export → datasets.load_dataset → load_corpus gives every bundle back byte for byte."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cuagym.core import Bundle
from cuagym.data import DatasetError, load_corpus, write_dataset
from cuagym.data._columns import flatten_meta

datasets = pytest.importorskip("datasets")

SOURCE = Path(__file__).resolve().parents[1] / "synth" / "bundles"


def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture
def bundles(tmp_path: Path) -> list[Path]:
    """The checked-in final and rejected bundles; one gets extra files and CRLF text, and a
    rejected one loses its golden patch and config.json (a tuple that never converged)."""
    root = tmp_path / "bundles"
    folders = []
    for kind in ("final", "rejected"):
        for src in sorted((SOURCE / kind).iterdir()):
            if src.is_dir():
                folders.append(Path(shutil.copytree(src, root / kind / src.name)))
    extra = folders[0]
    (extra / "assets").mkdir()
    (extra / "assets" / "seed.bin").write_bytes(bytes(range(256)) * 3)
    (extra / "NOTES.txt").write_bytes(b"line one\r\nline two\r\n\xc3\xa9\n")
    (folders[-1] / "golden_patch.py").unlink()
    (folders[-1] / "config.json").unlink()
    return folders


def test_round_trip_is_byte_identical(bundles: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "dataset"
    written = write_dataset(bundles, out, card="---\nlicense: other\n---\n# test\n", shard_rows=4)
    assert written.rows == len(bundles)
    assert len(written.shards) == -(-len(bundles) // 4)
    assert (out / "README.md").read_text().startswith("---\nlicense: other")

    rows = datasets.load_dataset(str(out), split="train", cache_dir=str(tmp_path / "hf-cache"))
    assert rows.num_rows == len(bundles)
    by_id = {b.name: b for b in bundles}
    for loaded in (load_corpus(rows), load_corpus(out)):
        assert sorted(t.task_id for t in loaded) == sorted(by_id)
        for item in loaded:
            assert dict(item.files) == _files(by_id[item.task_id])
            again = item.write(tmp_path / "again")
            assert _files(again) == _files(by_id[item.task_id])
            # a diff -r of the round trip is clean: nothing but the bundle in the folder
            assert [p.name for p in (tmp_path / "again").iterdir()] == [item.task_id]
            shutil.rmtree(again)


def test_columns_hold_files_and_flattened_meta(bundles: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "dataset"
    write_dataset(bundles, out, card="# test\n")
    rows = datasets.load_dataset(str(out), split="train", cache_dir=str(tmp_path / "hf-cache"))
    first = sorted(rows, key=lambda r: r["task_id"])[0]
    folder = next(b for b in bundles if b.name == first["task_id"])
    bundle = Bundle.load(folder)
    assert first["instruction"] == bundle.task.instruction
    assert first["apps"] == bundle.task.apps
    assert first["meta.platform"] == bundle.meta.platform
    assert first["meta.rounds"] == bundle.meta.rounds
    assert first["reward.py"] == (folder / "reward.py").read_text(encoding="utf-8")
    assert isinstance(first["meta.taxonomy_path"], list)
    for key in bundle.meta.timings_s:
        assert f"meta.timings_s.{key}" in rows.column_names
    # A rejected bundle has no scripts: its file columns are null, not empty strings.
    (rejected,) = [r for r in rows if r["config.json"] is None]
    assert rejected["task_id"] == bundles[-1].name
    assert rejected["golden_patch.py"] is None and rejected["REVIEW.md"]


def test_a_bundle_is_parsed_back(bundles: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "dataset"
    write_dataset(bundles[1:2], out, card="# test\n")
    (item,) = load_corpus(out)
    assert item.bundle() == Bundle.load(bundles[1])


def test_invalid_bundles_are_refused_and_nothing_is_written(
    bundles: list[Path], tmp_path: Path
) -> None:
    (bundles[0] / "meta.json").write_text("{}")
    (bundles[1] / "task_config.json").unlink()
    out = tmp_path / "dataset"
    with pytest.raises(DatasetError) as err:
        write_dataset(bundles, out, card="# test\n")
    assert len(err.value.problems) == 2
    assert "meta.json" in str(err.value) and "task_config.json" in str(err.value)
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".dataset")]


def test_existing_dataset_needs_replace(bundles: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "dataset"
    write_dataset(bundles[:2], out, card="# one\n")
    with pytest.raises(FileExistsError):
        write_dataset(bundles[:3], out, card="# two\n")
    assert len(load_corpus(out)) == 2
    write_dataset(bundles[:3], out, card="# two\n", replace=True)
    assert len(load_corpus(out)) == 3
    assert (out / "README.md").read_text() == "# two\n"


def test_mixed_meta_types_become_json_text(bundles: list[Path], tmp_path: Path) -> None:
    import json

    for value, folder in zip((3, "keep"), bundles[:2], strict=True):
        meta = json.loads((folder / "meta.json").read_text())
        meta["critic"] = value
        (folder / "meta.json").write_text(json.dumps(meta, indent=2) + "\n")
    out = tmp_path / "dataset"
    write_dataset(bundles[:2], out, card="# test\n")
    rows = datasets.load_dataset(str(out), split="train", cache_dir=str(tmp_path / "hf-cache"))
    assert sorted(rows["meta.critic"]) == ['"keep"', "3"]  # an int and a str: JSON text
    for item in load_corpus(out):  # the files are untouched by flattening
        folder = next(b for b in bundles if b.name == item.task_id)
        assert dict(item.files) == _files(folder)


def test_flatten_meta() -> None:
    assert flatten_meta({"a": 1, "t": {"x": 1.5, "y": {"z": True}}, "e": {}}) == {
        "meta.a": 1,
        "meta.t.x": 1.5,
        "meta.t.y.z": True,
        "meta.e": {},
    }
    with pytest.raises(ValueError, match="twice"):
        flatten_meta({"t.x": 1, "t": {"x": 2}})


def test_load_corpus_rejects_unsafe_rows(tmp_path: Path) -> None:
    row = {"task_id": "a", "task_config.json": "{}", "extra_files": [
        {"path": "../escape", "content": b"x"}]}  # fmt: skip
    with pytest.raises(DatasetError, match="safe relative path"):
        load_corpus([row])
    with pytest.raises(DatasetError, match="not a `cuagym export hf` dataset"):
        load_corpus(tmp_path)
