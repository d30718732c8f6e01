"""Shared pieces of the filter tests: a corpus of real accepted bundles, verdict texts, and the
scripted chat double (a test double, not a model) in process or behind a local HTTP server.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.filter._critics import Critic
from cuagym.llm import ChatClient, RetryPolicy, make_client
from cuagym.llm.scripted import Reply, ScriptedChatApi, ScriptedRequest
from tests.conftest import serve_in_thread

# Accepted bundles checked in by the consensus tests (each verified C1-C6 when written).
CORPUS = Path(__file__).parents[1] / "synth" / "bundles" / "final"
CORPUS_IDS = sorted(p.name for p in CORPUS.iterdir() if p.is_dir())
FAST_RETRY = RetryPolicy(max_attempts=3, base_delay_s=0.0, max_delay_s=0.0, jitter=0.0)
_TASK_ID = re.compile(r'"task_id": "([^"]+)"')
CLI = [sys.executable, "-m", "cuagym.cli", "filter"]


def cli_env() -> dict[str, str]:
    """The environment of a CLI subprocess: test keys, and this checkout's src first."""
    env = dict(os.environ)
    env.update(OPENAI_API_KEY="sk-test-openai", ANTHROPIC_API_KEY="sk-test-anthropic")
    src = str(Path(__file__).parents[2] / "src")
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    return env


def corpus(tmp_path: Path, ids: Sequence[str] | None = None) -> Path:
    """A copy of the checked-in accepted bundles under ``tmp_path/corpus/final/``."""
    final = tmp_path / "corpus" / "final"
    final.mkdir(parents=True)
    for task_id in ids or CORPUS_IDS:
        shutil.copytree(CORPUS / task_id, final / task_id)
    return final


def verdict(
    label: str = "keep",
    severity: str = "P3",
    confidence: float = 0.8,
    revised: str | None = None,
    **change: Any,
) -> str:
    data = {
        "verdict": label, "severity": severity,
        "can_fix_with_query_only": label == "modify_query", "query_issues": [],
        "setup_reward_risks": [], "training_pool_fit": label != "reject",
        "confidence": confidence, "reasoning_summary": f"scripted {label}",
        "revised_query": revised,
    }  # fmt: skip
    data.update(change)
    return json.dumps(data)


def user_text(req: ScriptedRequest) -> str:
    """All user-message text of a request, whichever provider's format it came in."""
    parts = []
    for m in req.body.get("messages", []):
        if m.get("role") != "user":
            continue
        content = m.get("content")
        if isinstance(content, str):
            parts.append(content)
        else:
            parts += [b.get("text", "") for b in content if isinstance(b, dict)]
    return "\n".join(parts)


def task_of(req: ScriptedRequest) -> str:
    match = _TASK_ID.search(user_text(req))
    assert match, user_text(req)[:300]
    return match.group(1)


def base_url(model: str, root: str = "http://scripted.invalid") -> str:
    return f"{root}/v1" if model.startswith("openai:") else root


def client(
    api: ScriptedChatApi,
    model: str = "openai:scripted-double",
    *,
    gate: Callable[[], Any] | None = None,
) -> ChatClient:
    """A real SDK client whose transport is the scripted double; ``gate`` (an async callable)
    runs before each answer, so a test can hold requests in flight."""
    transport = api.transport()

    async def handle(request: httpx2.Request) -> httpx2.Response:
        if gate is not None:
            await gate()
        return await transport.handle_async_request(request)

    http = httpx2.AsyncClient(transport=httpx2.MockTransport(handle))
    return make_client(
        model, api_key="sk-test-secret", base_url=base_url(model), http_client=http,
        retry=FAST_RETRY,
    )  # fmt: skip


def critic(api: ScriptedChatApi, model: str = "openai:scripted-double", **kw: Any) -> Critic:
    return Critic(model, client(api, model, **kw))


@contextmanager
def scripted_server(api: ScriptedChatApi, delay_s: float = 0.0) -> Iterator[str]:
    """The scripted double behind a real HTTP server on 127.0.0.1, for CLI subprocesses.

    Yields the server's root URL; OpenAI clients use ``{url}/v1``, Anthropic clients ``url``.
    """
    transport = api.transport()

    async def endpoint(request: Request) -> Response:
        body = await request.body()
        if delay_s:
            await asyncio.sleep(delay_s)
        answer = await transport.handle_async_request(
            httpx2.Request(request.method, str(request.url), content=body)
        )
        await answer.aread()
        return Response(
            answer.content, status_code=answer.status_code,
            headers={"content-type": "application/json"},
        )  # fmt: skip

    app = Starlette(routes=[Route("/{path:path}", endpoint, methods=["POST"])])
    url, stop = serve_in_thread(app)
    try:
        yield url
    finally:
        stop()


def by_model_and_task(answers: dict[tuple[str, str], str | Reply]) -> Callable[..., Reply]:
    """A stateless script: the answer for (model name in the request, task id)."""

    def script(req: ScriptedRequest) -> Reply:
        key = (str(req.body.get("model")), task_of(req))
        answer = answers.get(key, verdict("keep"))
        return answer if isinstance(answer, Reply) else Reply(text=answer)

    return script
