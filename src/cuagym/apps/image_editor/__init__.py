"""image-editor: GIMP 2.10 on images of the /home/user tree, a desktop app.

The app's SKILL.md (beside this file) documents what GIMP writes and when; taxonomy.yaml is
its feature tree; the task families live in :mod:`cuagym.families.image_editor`. The app's
state is the image files themselves: scripts paint them with Pillow (:mod:`._painters`), do
the asked edits with Pillow (:mod:`._edit`) and read them back with Pillow
(:mod:`._reward_lib`), comparing sizes exactly and looks within a stated tolerance.

The surface families use:

- world builders (:mod:`._world`): image specs of product photos, charts, screenshots,
  banners and landscape photos with realistic names;
- script parts, as text to paste (real modules, read below their inline marker):
  :data:`PAINTERS` and :data:`WRITE_IMAGES` (setup), :data:`EDITS` and :data:`REPLAY`
  (golden: do the jobs), :data:`READ_HOME` and :data:`REWARD_LIBRARY` (the reward's state
  reader and comparisons);
- :func:`paint`, :func:`apply_steps`, :func:`scaled_height`: the same code on the host (an
  oracle's or a test's expectations).
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.image_editor._edit import apply_steps, scaled_height
from cuagym.apps.image_editor._painters import encoded, paint
from cuagym.apps.image_editor._world import (
    BRANDS,
    CAPTIONS,
    ImageSpec,
    banner_spec,
    chart_spec,
    image_spec,
    photo_names,
)
from cuagym.scripts import inlined

__all__ = [
    "BRANDS",
    "CAPTIONS",
    "EDITS",
    "PAINTERS",
    "READ_HOME",
    "REPLAY",
    "REWARD_LIBRARY",
    "WRITE_IMAGES",
    "ImageSpec",
    "app",
    "apply_steps",
    "banner_spec",
    "chart_spec",
    "encoded",
    "image_spec",
    "paint",
    "photo_names",
    "scaled_height",
]

_HERE = Path(__file__).parent
PAINTERS = inlined(_HERE / "_painters.py")
WRITE_IMAGES = inlined(_HERE / "_write_images.py")
EDITS = inlined(_HERE / "_edit.py")
REPLAY = inlined(_HERE / "_replay.py")
READ_HOME = inlined(_HERE / "_read_home.py")
REWARD_LIBRARY = inlined(_HERE / "_reward_lib.py")

app = AppSpec(
    app_id="image-editor",
    title="Image editor",
    kind="desktop",
    skill_file=Path(__file__).with_name("SKILL.md"),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="Image editing",
    paper_domain="Image Editing",
    release=Release(generic_name="Image editor"),
    launcher="image-editor",
    surface="cuagym.apps.image_editor",
)
