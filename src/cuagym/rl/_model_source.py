"""Where ``cuagym train --model`` comes from, decided before verl reads it.

verl reads a model through transformers, which asks the Hugging Face hub for every file of a
model id and, when the hub cannot be reached, retries each request for about a minute before
raising an ``OSError`` that says nothing of the network. So the command settles the source
first, in well under a second:

- a local folder (a path that exists) must hold a ``config.json``; the hub is never asked;
- a model id whose ``config.json`` is in the local Hugging Face cache is read from the cache
  alone (offline mode), so a cached model works on a machine without a network;
- any other model id is looked up on the hub once, with a short timeout and no retries; an
  unreachable hub, an unknown id or a gated model is said in one line, with what to do.

Offline mode is switched on in this process once the model is local (transformers reads
``huggingface_hub.constants.HF_HUB_OFFLINE`` on every request), for the validation; verl's own
process gets the user's setting back, so a partly cached model can still fetch its weights.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

__all__ = ["HUB_TIMEOUT_S", "ModelSource", "ModelUnavailableError", "go_offline", "resolve_model"]

HUB_TIMEOUT_S = 5.0


class ModelUnavailableError(Exception):
    """The model cannot be read from where ``--model`` points (one line: what and what to do)."""


@dataclass(frozen=True)
class ModelSource:
    """``kind`` ``folder``: a local model folder; ``cache``: a hub id found in the local cache;
    ``hub``: a hub id the hub answered for (its files download when first read)."""

    model: str
    kind: Literal["folder", "cache", "hub"]

    @property
    def offline(self) -> bool:
        return self.kind != "hub"


def go_offline() -> None:
    """Tell the Hugging Face libraries of this process never to ask the hub."""
    import huggingface_hub.constants

    huggingface_hub.constants.HF_HUB_OFFLINE = True


# The hub's model ids: [owner/]name, letters, digits, "-", "_", "."; no "--" or "..".
_REPO_ID = re.compile(r"^[A-Za-z0-9][\w.-]{0,95}(/[A-Za-z0-9][\w.-]{0,95})?$")


def _is_repo_id(model: str) -> bool:
    return bool(_REPO_ID.match(model)) and "--" not in model and ".." not in model


def _hub_offline() -> bool:
    import huggingface_hub.constants

    return bool(huggingface_hub.constants.HF_HUB_OFFLINE)


def _ask_hub(model: str) -> None:
    """One request to the hub for ``model``; raises :class:`ModelUnavailableError`."""
    import huggingface_hub
    from huggingface_hub.errors import GatedRepoError, RepositoryNotFoundError

    where = f"--model {model}: no such local folder"
    try:
        huggingface_hub.model_info(model, timeout=HUB_TIMEOUT_S)
    except GatedRepoError:
        raise ModelUnavailableError(
            f"{where}, and the model is gated on the Hugging Face hub: accept its terms and "
            "log in (hf auth login), or download it and pass its folder"
        ) from None
    except RepositoryNotFoundError:
        raise ModelUnavailableError(
            f"{where}, and the Hugging Face hub has no model {model!r} (or it is private: "
            "log in with hf auth login)"
        ) from None
    except Exception as exc:  # httpx and the hub's own errors: all mean "cannot reach it"
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ModelUnavailableError(
            f"{where}, not in the local Hugging Face cache, and the hub cannot be reached "
            f"({reason}): download it where there is a network (hf download {model}) or "
            "pass a local model folder"
        ) from None


def resolve_model(model: str) -> ModelSource:
    """Where ``model`` will be read from; raises :class:`ModelUnavailableError` (one line)."""
    path = Path(model).expanduser()
    if path.exists():
        if not path.is_dir():
            raise ModelUnavailableError(f"--model {model}: not a folder (a model folder or id)")
        if not (path / "config.json").is_file():
            raise ModelUnavailableError(
                f"--model {model}: the folder has no config.json (not a Hugging Face model)"
            )
        return ModelSource(model, "folder")
    if not _is_repo_id(model):
        raise ModelUnavailableError(
            f"--model {model}: no such folder, and not a Hugging Face model id (owner/name)"
        )
    from huggingface_hub import try_to_load_from_cache

    if isinstance(try_to_load_from_cache(model, "config.json"), str):
        return ModelSource(model, "cache")
    if _hub_offline():
        raise ModelUnavailableError(
            f"--model {model}: no such local folder, not in the local Hugging Face cache, and "
            "HF_HUB_OFFLINE is set: download it where there is a network "
            f"(hf download {model}) or pass a local model folder"
        )
    _ask_hub(model)
    return ModelSource(model, "hub")
