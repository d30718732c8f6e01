"""cuagym messages as a model's tokens: one message at a time, through its own chat template.

A slice, and the prompt the verl agent loop sends to the engine at every turn, is a run of
messages; both are tokenised here, the same way, so the ids a policy generated against are the
ids it is trained on. Each message is rendered by the processor's chat template *in context*
(after a system message) and tokenised on its own; :meth:`ChatEncoder.check` verifies on whole
conversations that the pieces add up to what the template renders for the conversation, so a
template for which that does not hold is refused with a clear error instead of being trained on
silently wrong tokens.

Images are counted, not processed: the image placeholder the template emits is expanded to the
number of tokens the processor gives an image of that size (``_get_num_multimodal_tokens``, the
hook vLLM uses). The pixels are only needed by the engine and the trainer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cuagym.llm import ImagePart, Message, TextPart

__all__ = ["ChatEncoder", "EncodedMessage", "to_hf_message", "to_hf_messages"]

# What a message is rendered after, to get its piece of text in context.
_CONTEXT = [{"role": "system", "content": "."}]


def to_hf_message(message: Message) -> dict[str, Any]:
    """A cuagym message in the chat-template format of Hugging Face processors: string content,
    or a list of ``{"type": "text", "text": ...}`` / ``{"type": "image"}`` parts in order."""
    if isinstance(message.content, str):
        return {"role": message.role, "content": message.content}
    parts: list[dict[str, Any]] = []
    for part in message.content:
        if isinstance(part, TextPart):
            parts.append({"type": "text", "text": part.text})
        else:
            parts.append({"type": "image"})
    return {"role": message.role, "content": parts}


def to_hf_messages(messages: Sequence[Message]) -> list[dict[str, Any]]:
    return [to_hf_message(m) for m in messages]


def _key(message: Message) -> tuple[Any, ...]:
    if isinstance(message.content, str):
        return (message.role, message.content)
    return (
        message.role,
        *(
            ("t", p.text) if isinstance(p, TextPart) else ("i", p.width, p.height)
            for p in message.content
        ),
    )


@dataclass(frozen=True)
class EncodedMessage:
    """One message's token ids; ``generated`` is the [start, end) span the policy produced (an
    assistant message's content and its end-of-turn token; empty for other roles)."""

    ids: tuple[int, ...]
    generated: tuple[int, int] = (0, 0)
    image_sizes: tuple[tuple[int, int], ...] = ()
    end_token: int | None = None  # the end-of-turn token closing the generated span, if any

    def with_generated(self, tokens: Sequence[int]) -> EncodedMessage:
        """The same message with its generated span replaced by the tokens the engine actually
        produced (re-tokenising decoded text need not give them back). A generation cut off
        before its end-of-turn token keeps the template's, untrained: the context the policy
        saw next had it."""
        start, end = self.generated
        if start == end:
            raise ValueError("only an assistant message has generated tokens to replace")
        tokens = list(tokens)
        closing: list[int] = []
        if self.end_token is not None and (not tokens or tokens[-1] != self.end_token):
            closing = [self.end_token]
        ids = (*self.ids[:start], *tokens, *closing, *self.ids[end:])
        return EncodedMessage(ids, (start, start + len(tokens)), self.image_sizes, self.end_token)


class ChatEncoder:
    """Token ids of cuagym messages through a Hugging Face processor (or a text tokenizer).

    Works with any ``AutoProcessor`` whose chat template renders each message independently of
    the ones before it (Qwen-VL's and most others do); the check is done, not assumed."""

    def __init__(self, processor: Any) -> None:
        tokenizer = getattr(processor, "tokenizer", None)
        self.processor: Any | None = processor if tokenizer is not None else None
        self.tokenizer: Any = tokenizer if tokenizer is not None else processor
        if not getattr(self.tokenizer, "is_fast", False):
            raise ValueError(
                f"{type(self.tokenizer).__name__} is not a fast tokenizer: token offsets are "
                "needed to tell generated tokens from the chat template's"
            )
        templater = processor if getattr(processor, "chat_template", None) else None
        if templater is None and getattr(self.tokenizer, "chat_template", None):
            templater = self.tokenizer
        if templater is None:
            raise ValueError(f"{type(processor).__name__} has no chat template")
        self._templater: Any = templater
        self.image_token: str | None = None
        self.image_token_id: int | None = None
        if self.processor is not None:
            self.image_token = getattr(self.processor, "image_token", None)
            if self.image_token is not None:
                self.image_token_id = int(self.tokenizer.convert_tokens_to_ids(self.image_token))
        self._special = {
            int(i) for i, tok in self.tokenizer.added_tokens_decoder.items() if tok.special
        } | {int(i) for i in self.tokenizer.all_special_ids}
        self._base = self.render(_CONTEXT)
        with_header = self.render(_CONTEXT, add_generation_prompt=True)
        if not with_header.startswith(self._base):
            raise ValueError("the chat template's generation prompt does not extend the context")
        self.header_text = with_header[len(self._base) :]
        self.generation_prompt: tuple[int, ...] = tuple(self._tokenize(self.header_text)[0])
        self._cache: dict[tuple[Any, ...], EncodedMessage] = {}
        self._pieces: dict[tuple[Any, ...], str] = {}
        self._image_tokens: dict[tuple[int, int], int] = {}
        probe = self.encode(Message(role="assistant", content="ok"))
        ends = {probe.end_token} if probe.end_token is not None else set()
        if self.tokenizer.eos_token_id is not None:
            ends.add(int(self.tokenizer.eos_token_id))
        #: Tokens that end an answer (the template's end of turn, the tokenizer's eos).
        self.end_tokens: frozenset[int] = frozenset(ends)

    @property
    def pad_id(self) -> int:
        pad = self.tokenizer.pad_token_id
        return int(pad if pad is not None else self.tokenizer.eos_token_id)

    def render(
        self, messages: Sequence[dict[str, Any]], add_generation_prompt: bool = False
    ) -> str:
        text = self._templater.apply_chat_template(
            list(messages), tokenize=False, add_generation_prompt=add_generation_prompt
        )
        if not isinstance(text, str):
            raise TypeError(f"the chat template returned {type(text).__name__}, not text")
        return text

    def _tokenize(self, text: str) -> tuple[list[int], list[tuple[int, int]]]:
        enc = self.tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
        return list(enc["input_ids"]), [tuple(o) for o in enc["offset_mapping"]]

    def piece(self, message: Message, *, first: bool = False) -> str:
        """The text the template renders for ``message`` (as the first message if ``first``)."""
        key = (first, *_key(message))
        cached = self._pieces.get(key)
        if cached is not None:
            return cached
        text = self._render_piece(message, first)
        self._pieces[key] = text
        return text

    def _render_piece(self, message: Message, first: bool) -> str:
        hf = to_hf_message(message)
        if first:
            return self.render([hf])
        full = self.render([*_CONTEXT, hf])
        if not full.startswith(self._base):
            raise ValueError(
                "the chat template renders its context differently once a message follows; "
                "cuagym tokenises one message at a time and cannot use it"
            )
        return full[len(self._base) :]

    def image_tokens(self, width: int, height: int) -> int:
        """How many placeholder tokens the processor gives one image of this size."""
        cached = self._image_tokens.get((width, height))
        if cached is not None:
            return cached
        if self.processor is None or self.image_token_id is None:
            raise ValueError(
                "a message holds an image but the tokenizer has no image processor: pass the "
                "model's AutoProcessor"
            )
        counter = getattr(self.processor, "_get_num_multimodal_tokens", None)
        if counter is not None:
            n = int(counter(image_sizes=[[height, width]])["num_image_tokens"][0])
        else:  # processors without vLLM's hook: process a blank image of that size once
            from PIL import Image

            blank = Image.new("RGB", (width, height))
            out = self.processor(text=[self.image_token], images=[blank])
            n = sum(1 for i in out["input_ids"][0] if int(i) == self.image_token_id)
        self._image_tokens[(width, height)] = n
        return n

    def encode(self, message: Message, *, first: bool = False) -> EncodedMessage:
        key = (first, *_key(message))
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        text = self.piece(message, first=first)
        ids, offsets = self._tokenize(text)
        images = (
            [p for p in message.content if isinstance(p, ImagePart)]
            if not isinstance(message.content, str)
            else []
        )
        generated = (0, 0)
        end_token = None
        if message.role == "assistant":
            if images:
                raise ValueError("an assistant message with an image cannot be trained on")
            generated, end_token = self._generated_span(text, message.text, ids, offsets)
        sizes = tuple((p.width, p.height) for p in images)
        if images:
            ids = self._expand_images(ids, sizes)
        encoded = EncodedMessage(tuple(ids), generated, sizes, end_token)
        self._cache[key] = encoded
        return encoded

    def _generated_span(
        self, text: str, content: str, ids: list[int], offsets: list[tuple[int, int]]
    ) -> tuple[tuple[int, int], int | None]:
        header = self.header_text
        if not text.startswith(header) or not text[len(header) :].startswith(content):
            raise ValueError(
                "the chat template changes an assistant message's text (it renders "
                f"{text[:80]!r}...): the generated tokens cannot be located"
            )
        begin, end_char = len(header), len(header) + len(content)
        start = next((i for i, (s, _) in enumerate(offsets) if s >= begin), len(ids))
        stop = next((i for i, (s, _) in enumerate(offsets) if s >= end_char), len(ids))
        if start > 0 and offsets[start - 1][1] > begin:
            raise ValueError("the chat template's assistant header and content share a token")
        # The end-of-turn token the model emitted to stop is generated too.
        if stop < len(ids) and ids[stop] in self._special:
            return (start, stop + 1), ids[stop]
        return (start, stop), None

    def _expand_images(self, ids: list[int], sizes: tuple[tuple[int, int], ...]) -> list[int]:
        if self.image_token_id is None:
            raise ValueError(
                "a message holds an image but the tokenizer has no image processor: pass the "
                "model's AutoProcessor"
            )
        marks = [i for i, tok in enumerate(ids) if tok == self.image_token_id]
        if len(marks) != len(sizes):
            raise ValueError(
                f"the chat template emitted {len(marks)} image placeholders for {len(sizes)} images"
            )
        out: list[int] = []
        prev = 0
        for mark, (w, h) in zip(marks, sizes, strict=True):
            out += ids[prev:mark]
            out += [self.image_token_id] * self.image_tokens(w, h)
            prev = mark + 1
        out += ids[prev:]
        return out

    def prompt_ids(
        self, messages: Sequence[Message], generated: Sequence[Sequence[int] | None] = ()
    ) -> list[int]:
        """The ids an engine continues to answer after ``messages`` (a system message first):
        every message, the i-th assistant message's generated span replaced by
        ``generated[i]`` when given, then the generation prompt."""
        if not messages or messages[0].role != "system":
            raise ValueError("a context starts with the system message")
        ids = list(self.encode(messages[0], first=True).ids)
        assistant = 0
        for m in messages[1:]:
            enc = self.encode(m)
            if m.role == "assistant":
                tokens = generated[assistant] if assistant < len(generated) else None
                if tokens is not None:
                    enc = enc.with_generated(tokens)
                assistant += 1
            ids += enc.ids
        return ids + list(self.generation_prompt)

    def check(self, messages: Sequence[Message]) -> None:
        """Raise if the template renders ``messages`` as a whole differently from the pieces."""
        whole = self.render(to_hf_messages(messages))
        pieces = self.piece(messages[0], first=True) + "".join(self.piece(m) for m in messages[1:])
        if whole != pieces:
            at = next(
                (i for i, (a, b) in enumerate(zip(whole, pieces, strict=False)) if a != b),
                min(len(whole), len(pieces)),
            )
            raise ValueError(
                "the chat template renders this conversation differently from its messages one "
                f"by one (first difference at character {at}: {whole[at : at + 40]!r} vs "
                f"{pieces[at : at + 40]!r})"
            )
