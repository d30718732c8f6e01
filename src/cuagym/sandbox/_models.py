"""Serialized things of the sandbox layer: limits and hub link (run results: cuagym.core)."""

from __future__ import annotations

from typing import Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field

# The run result is the Environment protocol's (cuagym.core), re-exported for the sandbox API.
from cuagym.core import ScriptResult
from cuagym.core._environment import LimitName

__all__ = ["HubLink", "LimitName", "Limits", "SandboxError", "ScriptResult"]


class Limits(BaseModel):
    """Resource limits of one sandbox. Each run gets them afresh."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    cpu_s: int = Field(60, ge=1, description="CPU seconds per process (RLIMIT_CPU)")
    memory_mb: int = Field(2048, ge=64, description="address space per process (RLIMIT_AS)")
    file_size_mb: int = Field(256, ge=1, description="largest file a process may write")
    processes: int = Field(256, ge=8, description="processes and threads in the sandbox")
    open_files: int = Field(1024, ge=64, description="file descriptors per process")
    total_memory_mb: int = Field(
        4096,
        ge=64,
        description="the whole environment's memory (processes and the tmpfs pages they write),"
        " through a memory cgroup where the host allows one",
    )
    disk_mb: int = Field(
        1024, ge=16, description="everything the environment writes: home edits, /tmp, snapshots"
    )
    output_kb: int = Field(1024, ge=1, description="stdout and stderr kept per run, each")


class HubLink(BaseModel):
    """How an environment reaches the hub: the only network its scripts have."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    url: str = Field(description="hub root URL as the host sees it, http://host:port[/prefix]")
    token: str = ""
    sid: str | None = Field(None, description="hub session of this environment (made if absent)")
    apps: tuple[str, ...] = Field((), description="app ids whose /go read_state includes")
    relay: Literal["session", "passthrough"] = Field(
        "session",
        description="'session': the hub's state API for this environment's session only, "
        "authorized by the relay (no token inside, see _relay); 'passthrough': bytes piped "
        "as they are, for a trusted upstream with its own per-run credentials (the "
        "synthesizer's role API), never a hub an agent's environment reaches",
    )

    def target(self) -> tuple[str, int, str]:
        """(host, port, path prefix) of the hub; only plain http can be relayed."""
        parts = urlsplit(self.url)
        if parts.scheme != "http" or not parts.hostname:
            raise ValueError(f"hub url must be http://host:port, got {self.url!r}")
        return parts.hostname, parts.port or 80, parts.path.rstrip("/")


class SandboxError(RuntimeError):
    """The sandbox itself failed (could not start, mount, or run): not the script's fault."""
