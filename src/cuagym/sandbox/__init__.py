"""The process jail (bubblewrap) and copy-on-write homes (overlayfs) of cuagym environments.

    async with Sandbox(base=Path("seed-home"), hub=HubLink(url=..., token=...)) as box:
        result = await box.run_python("print(open('notes.txt').read())")
        snap = await box.snapshot()
        ...
        await box.restore(snap)

Needs root (it mounts overlayfs in a private mount namespace and drops to an unprivileged uid),
the Debian packages ``bubblewrap`` and ``util-linux``, and the env image
(``python -m cuagym.sandbox.image build``).
"""

from cuagym.sandbox._image import ImageError, image_python
from cuagym.sandbox._jail import INNER_HOME, INNER_INITIAL_HOME
from cuagym.sandbox._models import HubLink, Limits, SandboxError, ScriptResult
from cuagym.sandbox._sandbox import Sandbox

__all__ = [
    "INNER_HOME",
    "INNER_INITIAL_HOME",
    "HubLink",
    "ImageError",
    "Limits",
    "Sandbox",
    "SandboxError",
    "ScriptResult",
    "image_python",
]
