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

from cuagym.envs._local import LocalEnvConfig, LocalEnvironment
from cuagym.envs._png import decode_unfiltered_rgb, encode_png, png_size, resized_png
from cuagym.envs._protocol import (
    ROLE_FILES,
    Environment,
    EnvState,
    FileEntry,
    NotAGUIEnvironment,
    StateQuery,
    role_file,
)
from cuagym.envs._registry import (
    ProviderError,
    envprovider,
    get_provider,
    make_env,
    provider_names,
)
from cuagym.sandbox import HubLink, Limits, ScriptResult

__all__ = [
    "ROLE_FILES",
    "EnvState",
    "Environment",
    "FileEntry",
    "HubLink",
    "Limits",
    "LocalEnvConfig",
    "LocalEnvironment",
    "NotAGUIEnvironment",
    "ProviderError",
    "ScriptResult",
    "StateQuery",
    "decode_unfiltered_rgb",
    "encode_png",
    "envprovider",
    "get_provider",
    "make_env",
    "png_size",
    "provider_names",
    "resized_png",
    "role_file",
]
