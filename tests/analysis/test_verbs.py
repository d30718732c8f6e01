"""The first-verb rules and the lemmatizer, rule by rule (see cuagym.analysis._verbs)."""

from __future__ import annotations

import pytest

from cuagym.analysis._verbs import first_verb, lemmatize


@pytest.mark.parametrize(
    ("instruction", "verb"),
    [
        # rule 3: lead-ins, repeated, longest first
        ("Open the file.", "open"),
        ("Please open the file.", "open"),
        ("I want to open the file.", "open"),
        ("I want you to open the file.", "open"),
        ("I'd like you to rename the file.", "rename"),
        ("Could you please export the sheet as PDF?", "export"),
        ("Can you check the totals?", "check"),
        ("I need you to configure the filter.", "configure"),
        ("Hi! Could you please, then, add a row?", "add"),
        ("Your task is to insert a table.", "insert"),
        ("First, set the width of column B.", "set"),
        ("Go ahead and remove the draft.", "remove"),
        ("Let's build a pivot table.", "build"),
        # rule 2: clauses, paths and file names stay whole
        ("In /home/user/Documents/q2.xlsx, freeze the header row.", "freeze"),
        ("In board_briefing.pptx, add speaker notes.", "add"),
        ("Tidy up ~/Downloads: move every file into a folder.", "tidy"),
        ("The customer chose another vendor. Move the deal to Lost.", "move"),
        ("After today's call with Theo, update their lead.", "update"),
        ("I've finished the task. Record it as done.", "record"),
        # rule 1: quoted spans are no words
        ("“Open Questions” must go: delete that slide.", "delete"),
        ('"Review" is the sheet; rename it.', "rename"),
        # rule 4a: a listed verb, not followed by a finite auxiliary
        ("Record is missing for Ana. Create it.", "create"),
        # rule 4b: a verb outside the list, known by what follows it
        ("Reconcile the ledger with the bank export.", "reconcile"),
        ("Zip ~/Reports into one archive.", "zip"),
        ("Geotag all photos in the folder.", "geotag"),
        # participle phrases are skipped; after "start by" a gerund is the verb
        ("Using the Sales sheet, compute the totals.", "compute"),
        ("Starting from row 2, fill column C.", "fill"),
        ("Start by opening the report.", "open"),
        ("Can you help me with creating a chart?", "create"),
        # rule 5: none found
        ("Sales are up this quarter.", None),
        ("The file is open.", None),
        ("", None),
    ],
)
def test_first_verb(instruction: str, verb: str | None) -> None:
    assert first_verb(instruction) == verb


def test_verbs_are_lower_case() -> None:
    assert first_verb("OPEN THE FILE") == "open"
    assert first_verb("Please, Convert it.") == "convert"


@pytest.mark.parametrize(
    ("word", "lemma"),
    [
        ("opens", "open"),
        ("fixes", "fix"),
        ("copies", "copy"),
        ("applied", "apply"),
        ("opened", "open"),
        ("created", "create"),
        ("used", "use"),
        ("normalizing", "normalize"),
        ("saving", "save"),
        ("running", "run"),
        ("stopped", "stop"),
        ("filling", "fill"),
        ("pressed", "press"),
        ("formatting", "format"),
        ("wrote", "write"),
        ("built", "build"),
        ("Found", "find"),
        ("set", "set"),
        ("bring", "bring"),  # no vowel left before -ing: not a suffix
        ("geotagging", "geotag"),  # outside the list: the plain rule
    ],
)
def test_lemmatize(word: str, lemma: str) -> None:
    assert lemmatize(word) == lemma


def test_long_instructions_are_cheap() -> None:
    # Only a clause's first words are looked at: a 10,000-word clause costs the same.
    text = "Open " + "the data " * 5000
    assert first_verb(text) == "open"
