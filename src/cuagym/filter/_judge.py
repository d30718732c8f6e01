"""The VLM judge: r_vlm ∈ {0, 1} from the final screenshot, the instruction and a checklist.

The acceptance checklist is derived once per tuple from the instruction and context (a short
list of yes/no criteria a person could check on the final screen) and stored with the tuple;
every rollout is then judged against the same list. The judge sees only what the paper's judge
sees — the final screenshot, the instruction, the checklist — never the reward or the scripts,
so its score is independent evidence about the reward. It also describes the screen: those
descriptions are what the Discriminator reads when the two scores disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from cuagym.agent.context import prepare_image
from cuagym.core import ImageSpec, TaskConfig
from cuagym.filter._answers import Asked, ask_json, validate_object
from cuagym.llm import ChatClient, Message, PriceTable, TextPart

__all__ = [
    "CHECKLIST_SYSTEM",
    "JUDGE_SYSTEM",
    "Checklist",
    "ChecklistRecord",
    "JudgeAnswer",
    "JudgeError",
    "Judgement",
    "Spend",
    "VlmJudge",
]

CHECKLIST_SYSTEM = """\
You write acceptance checklists for computer-use tasks. Given a task's instruction and context,
list 2 to 8 short yes/no criteria that a person looking at the screen after the task could
check to decide whether it was carried out correctly.

* One criterion per requirement of the instruction: the right target (file, record, cell,
  message), the right values, and any appearance the instruction asks for (formatting, labels,
  colours, order).
* Each criterion is a statement about the final state that is true when the task is done
  ("The lead Theo Lambert has status Qualified"), never about how the agent worked.
* Nothing the instruction does not ask for.

Answer with exactly one JSON object and nothing else: {"criteria": ["...", "..."]}"""

JUDGE_SYSTEM = """\
You judge whether a computer-use agent completed a task, from a screenshot of the screen after
its last action. You get the task's instruction, an acceptance checklist derived from it, and
the screenshot.

For each checklist item decide whether the screenshot shows it met. Judge what is visible: a
wrong value, a wrong target, missing formatting or labels, an error dialog, or an unfinished
edit is a failure. Where no screenshot could show a criterion (a file saved to disk behind a
closed dialog), judge from what is visible and do not fail the task for it alone.

Answer with exactly one JSON object and nothing else:
{"description": "2-4 sentences: what the screen shows that matters for the task",
 "criteria": [true or false for each checklist item, in order],
 "score": 1 if the task is completed as instructed, else 0}"""


class JudgeError(RuntimeError):
    """The judge gave no valid answer (twice malformed): the tuple stays undecided."""


class Checklist(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    criteria: list[str] = Field(min_length=1, max_length=10)

    @field_validator("criteria")
    @classmethod
    def _non_empty(cls, value: list[str]) -> list[str]:
        stripped = [c.strip() for c in value]
        if not all(stripped):
            raise ValueError("every criterion must be a non-empty statement")
        return stripped


class JudgeAnswer(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    description: str
    criteria: list[bool]
    score: int = Field(ge=0, le=1, description="0 or 1")


class Spend(BaseModel):
    """Who answered and what it cost."""

    model_config = ConfigDict(frozen=True)

    judge: str
    model: str = ""
    asked: int = Field(1, ge=1, description="2 when the first answer was malformed")
    tokens_in: int = Field(0, ge=0)
    tokens_out: int = Field(0, ge=0)
    cost_usd: float = Field(0.0, ge=0.0)
    price_known: bool = True


class Judgement(BaseModel):
    """One rollout's r_vlm with what the judge saw and said, and what it cost."""

    model_config = ConfigDict(frozen=True)

    score: int = Field(ge=0, le=1)
    description: str
    criteria: list[bool]
    image_size: tuple[int, int] = Field(description="the screenshot as sent to the judge")
    spend: Spend


class ChecklistRecord(BaseModel):
    """The tuple's acceptance checklist, derived once by the judge model."""

    model_config = ConfigDict(frozen=True)

    criteria: list[str]
    spend: Spend


def _retry(what: str) -> Callable[[str], str]:
    def message(problems: str) -> str:
        return (
            f"Your answer is not a valid {what}:\n{problems}\n"
            "Answer again with exactly the JSON object asked for, and nothing else."
        )

    return message


def _task_text(task: TaskConfig) -> str:
    return f"Instruction: {task.instruction}\nContext: {task.context or '(none)'}"


class VlmJudge:
    """A vision-language chat model as the teacher stage's judge."""

    def __init__(
        self,
        client: ChatClient,
        *,
        label: str | None = None,
        prices: PriceTable | None = None,
        image: ImageSpec | None = None,
    ) -> None:
        self.client = client
        self.label = label or str(client.spec)
        self.prices = prices or PriceTable()
        self.image = image or ImageSpec()

    async def aclose(self) -> None:
        await self.client.aclose()

    def _spend(self, got: Asked[Any]) -> Spend:
        spec = self.client.spec
        return Spend(
            judge=self.label, model=got.model, asked=got.asked,
            tokens_in=got.usage.tokens_in, tokens_out=got.usage.tokens_out,
            cost_usd=self.prices.cost(spec, got.usage),
            price_known=not self.prices.unknown(spec),
        )  # fmt: skip

    async def checklist(self, task: TaskConfig) -> ChecklistRecord:
        """The acceptance checklist of ``task`` (derive once per tuple, then store it)."""
        messages = [Message(role="user", content=_task_text(task))]
        got = await ask_json(
            self.client, CHECKLIST_SYSTEM, messages,
            lambda text: validate_object(Checklist, text), _retry("checklist"),
        )  # fmt: skip
        if got.value is None:
            raise JudgeError(f"{self.label}: no valid checklist, twice:\n{got.problems}")
        return ChecklistRecord(criteria=got.value.criteria, spend=self._spend(got))

    async def judge(self, task: TaskConfig, criteria: list[str], png: bytes) -> Judgement:
        """r_vlm of one rollout from its final screenshot ``png``."""
        image = prepare_image(png, self.image)
        listed = "\n".join(f"{i}. {c}" for i, c in enumerate(criteria, 1))
        content = [
            TextPart(text=f"{_task_text(task)}\n\nAcceptance checklist:\n{listed}\n\n"
                     "The screenshot after the agent's last action:"),
            image,
        ]  # fmt: skip
        n = len(criteria)

        def parse(text: str) -> tuple[JudgeAnswer | None, str]:
            answer, problems = validate_object(JudgeAnswer, text)
            if answer is not None and len(answer.criteria) != n:
                return None, f"- criteria: {len(answer.criteria)} values for {n} checklist items"
            return answer, problems

        got = await ask_json(
            self.client, JUDGE_SYSTEM, [Message(role="user", content=content)], parse,
            _retry("judgement"),
        )  # fmt: skip
        if got.value is None:
            raise JudgeError(f"{self.label}: no valid judgement, twice:\n{got.problems}")
        answer = got.value
        return Judgement(
            score=answer.score, description=answer.description.strip(),
            criteria=answer.criteria, image_size=(image.width, image.height),
            spend=self._spend(got),
        )  # fmt: skip
