"""The statements of the image domain's ``golden_patch.py``: do each job with Pillow.

Script text, read by :func:`cuagym.scripts.inlined`: ``HOME`` and ``JOBS`` (``{"src", "dst",
"steps", "format", "quality"}``, paths relative to the home; ``format`` "png" or "jpeg") are
the script's constants; :mod:`._edit` and the painters' ``encoded`` are inlined above it. An
output over its source replaces it, as File > Overwrite or an export over the file does.
"""

# mypy: disable-error-code="no-untyped-call"
import os
from typing import Any

from PIL import Image

from cuagym.apps.image_editor._edit import apply_steps
from cuagym.apps.image_editor._painters import encoded

HOME = "/home/user"
JOBS: list[dict[str, Any]] = []

# -- inlined into reward.py --
for job in JOBS:
    with Image.open(os.path.join(HOME, job["src"])) as source:
        result = apply_steps(source.convert("RGB"), job["steps"])
    target = os.path.join(HOME, job["dst"])
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as fh:
        fh.write(encoded(result, job["format"], job.get("quality", 90)))
print(len(JOBS), "images written")
