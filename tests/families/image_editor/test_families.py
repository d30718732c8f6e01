"""The image-editor families without running them: taxonomy shape, task hygiene, the barrier;
and the app's comparisons on the host (the tolerance tells a right image from wrong ones)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
import yaml
from PIL import Image

from cuagym.apps.image_editor import apply_steps, image_spec, paint
from cuagym.core import TaskConfig
from cuagym.domains import TaskFamily, load_domain
from cuagym.synth._scan import scan_source

domain = load_domain("image-editor")
FAMILIES = domain.families


def leaves(node: dict[str, Any], path: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    children = node.get("children")
    if not children:
        return {path: node}
    out: dict[tuple[str, ...], Any] = {}
    for key, child in children.items():
        out.update(leaves(child, (*path, key)))
    return out


def taxonomy() -> dict[str, Any]:
    assert domain.taxonomy_file is not None
    return yaml.safe_load(domain.taxonomy_file.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_domain_and_taxonomy_shape() -> None:
    assert domain.platform == "desktop" and domain.skill.startswith("# image-editor")
    assert len(re.findall(r"^## \d\. ", domain.skill, re.M)) == 6

    def check(node: dict[str, Any], depth: int) -> None:
        assert depth <= 4 and node.get("description")
        children = node.get("children")
        if children:
            assert len(children) <= 12
            for child in children.values():
                check(child, depth + 1)
        else:
            assert node.get("ui_elements"), node

    check(taxonomy(), 0)
    assert len(leaves(taxonomy())) >= 20


def test_families_cover_difficulties_leaves_and_other_apps() -> None:
    assert len(FAMILIES) >= 8
    assert Counter(f.difficulty for f in FAMILIES)["hard"] >= 3
    assert sum(1 for f in FAMILIES if len(f.task_apps()) > 1) >= 2
    known = leaves(taxonomy())
    paths = [f.taxonomy_path for f in FAMILIES]
    assert len(set(paths)) == len(paths) and all(p in known for p in paths)


def stated(value: Any, told: str) -> bool:
    if isinstance(value, str):
        return value in told
    if isinstance(value, int | float):
        return str(value) in told
    if isinstance(value, list):
        return all(stated(v, told) for v in value)
    return False


def params(task: TaskConfig) -> dict[str, Any]:
    return task.params or {}  # type: ignore[no-any-return]


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_tasks_state_their_params_and_vary(family: TaskFamily) -> None:
    tasks = [family.sample(seed) for seed in range(6)]
    frames = set()
    for task in tasks:
        told = f"{task.instruction} {task.context}"
        for key, value in params(task).items():
            assert stated(value, told), (key, value, told)
        assert task.apps[-1] == "image-editor" and "/home/user" in task.context
        assert len(task.start or []) == len(task.apps)
        assert not re.search(r"\b(click|menu|dialog|button|use the)\b", task.instruction, re.I)
        frames.add(task.instruction.split()[0])
    assert len({t.instruction for t in tasks}) > 1 and len(frames) > 1


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_reward_is_written_from_the_task_alone(family: TaskFamily) -> None:
    task = family.sample(4)
    reward = family.write_reward(task)
    assert reward == family.write_reward(task)
    scripts = family.generate(task)
    assert "IMAGES" not in reward and '"seed"' not in reward
    report = scan_source(reward, f"{task.task_id}/reward.py")
    assert report.ok, [v.model_dump() for v in report.violations]
    compile(scripts.initial_setup, "initial_setup.py", "exec")
    compile(scripts.golden_patch, "golden_patch.py", "exec")


def _lib() -> dict[str, Any]:
    """The reward library's functions, run on the host over two roots."""
    from cuagym.apps.image_editor import EDITS, REWARD_LIBRARY

    scope: dict[str, Any] = {"HOME": "/nonexistent"}
    head = "from PIL import Image, ImageChops, ImageDraw, ImageFont, ImageOps\nimport os\n"
    exec(compile(head + EDITS + REWARD_LIBRARY, "lib", "exec"), scope)
    return scope


def test_tolerance_separates_resamplers_from_wrong_edits() -> None:
    """GIMP-like differences (another filter, a JPEG) stay under the tolerance; a crop 10 %
    off, a mirror, a missing desaturation or a wrong turn exceed it."""
    import io
    import random

    lib = _lib()
    for kind in ("product", "screenshot", "photo", "chart"):
        im = paint(image_spec("x.png", kind, 900, 600, random.Random(kind), "Brand"))
        want = apply_steps(im, [["scale", 450, 0]])
        other = im.resize((450, 300), Image.Resampling.LANCZOS)
        buf = io.BytesIO()
        other.save(buf, "JPEG", quality=60)
        assert lib["difference"](Image.open(buf), want) < lib["TOLERANCE"] / 2, kind
        crop = apply_steps(im, [["crop", 100, 50, 600, 400]])
        for wrong in (
            apply_steps(im, [["crop", 190, 90, 600, 400]]),
            apply_steps(crop, [["flip", "horizontal"]]),
            apply_steps(crop, [["rotate", 180]]),
        ):
            assert lib["difference"](wrong, crop) > lib["TOLERANCE"], kind
    product = paint(image_spec("p.png", "product", 800, 600, random.Random(1), "Brand"))
    grey = apply_steps(product, [["desaturate"]])
    assert lib["difference"](product, grey) > lib["TOLERANCE"]
