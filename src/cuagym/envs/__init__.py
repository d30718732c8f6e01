"""Environments: what the paper calls VMs, behind one async protocol, with providers by name.

env = make_env("local", base=Path("seed"))
await env.start()
try:
    result = await env.run_script(code, role="initial_setup")
    state = await env.read_state()
finally:
    await env.close()
"""

from cuagym.envs._local import LocalEnvConfig, LocalEnvironment
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
    "envprovider",
    "get_provider",
    "make_env",
    "provider_names",
    "role_file",
]
