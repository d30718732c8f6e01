"""The helpers mail rewards inline, tested on the host: how a prefilled body splits."""

from __future__ import annotations

from cuagym.apps.mail.reward_lib import (
    body_parts,
    exact,
    fold,
    signature_kept,
    text_lines,
)
from cuagym.families.mail._scripts import REWARD_HELPERS

SIG = "Nora Castellanos\nFernhill Analytics"
SETTINGS = {"signature": SIG}


def test_exact_keeps_case_and_punctuation_but_not_whitespace_runs() -> None:
    assert exact("  The call is  confirmed.\n") == "The call is confirmed."
    assert exact("the call is confirmed") != exact("The call is confirmed.")
    assert fold("  Follow Up. ") == "follow up"
    assert exact(None) == ""


def test_text_lines_keep_paragraphs() -> None:
    assert text_lines("\r\nHello,\r\n\r\nSee  you\n\n") == ["Hello,", "", "See you"]
    assert text_lines("Hello, See you") != text_lines("Hello,\n\nSee you")


def test_a_reply_body_splits_into_typed_text_and_signature() -> None:
    body = "Yes, that works.\n\n-- \n" + SIG
    typed, signature, forwarded = body_parts(body)
    assert typed == ["Yes, that works."]
    assert signature == ["Nora Castellanos", "Fernhill Analytics"]
    assert forwarded is None
    assert signature_kept(signature, SETTINGS)
    assert not signature_kept(["Nora"], SETTINGS)
    assert signature_kept(None, SETTINGS)  # deleting the signature is fine


def test_a_forward_body_splits_into_note_signature_and_the_forwarded_message() -> None:
    body = (
        "FYI.\n\n-- \n" + SIG + "\n\n---------- Forwarded message ----------\n"
        "From: Ann <ann@x.example>\nSubject: Hi\n\nOriginal text"
    )
    typed, signature, forwarded = body_parts(body)
    assert typed == ["FYI."]
    assert signature_kept(signature, SETTINGS)
    assert forwarded is not None and forwarded[0].startswith("----------")
    assert forwarded[-1] == "Original text"
    # Without a signature the forwarded header still ends the typed part.
    assert body_parts("FYI.\n\n---------- Forwarded message ----------\nx")[0] == ["FYI."]


def test_text_typed_below_the_signature_is_not_the_signature() -> None:
    typed, signature, _ = body_parts("Hi\n\n-- \n" + SIG + "\n\nP.S. call me")
    assert typed == ["Hi"] and not signature_kept(signature, SETTINGS)


def test_the_inlined_text_is_the_module_below_its_marker() -> None:
    namespace: dict[str, object] = {}
    exec(compile(REWARD_HELPERS, "helpers.py", "exec"), namespace)
    split = namespace["body_parts"]
    assert callable(split) and split("a\n\n-- \nb") == (["a"], ["b"], None)
