"""Environments: what the paper calls VMs, behind one async protocol, with providers by name.

env = make_env("local", base=Path("seed"))
await env.start()
try:
    result = await env.run_script(code, role="initial_setup")
    state = await env.read_state()
finally:
    await env.close()

Screenshots are PNG bytes from one codec (:func:`encode_png`, :func:`resized_png`, ...), which the
agent's image preparation and the RL slices use too, so the same pixels give the same bytes.
"""

from cuagym.core import Environment, StateQuery
from cuagym.envs._local import LocalEnvironment
from cuagym.envs._png import decode_unfiltered_rgb, encode_png, png_size, resized_png
from cuagym.envs._registry import envprovider, make_env
from cuagym.envs._tool_apps import DESKTOP_APP_NAMES
from cuagym.sandbox import HubLink, ScriptResult

__all__ = [
    "DESKTOP_APP_NAMES",
    "Environment",
    "HubLink",
    "LocalEnvironment",
    "ScriptResult",
    "StateQuery",
    "decode_unfiltered_rgb",
    "encode_png",
    "envprovider",
    "make_env",
    "png_size",
    "resized_png",
]
