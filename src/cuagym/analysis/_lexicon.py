"""Word lists behind the first-verb rules (see ``_verbs``): data, not logic.

``VERBS`` are base forms of verbs that instructions to a computer-use agent start with: the
paper's eighteen (open, create, set, add, use, extract, configure, apply, insert, build, read,
change, write, convert, remove, export, check, find), its named tail (merge, flatten, normalize,
reconcile, annotate) and the everyday vocabulary of office, file, mail, chat, tracker and CRM
work. A verb missing here is still found when it stands where an imperative stands (rule 4b in
``_verbs``); the list decides the doubtful cases and guides lemmatization.
"""

from __future__ import annotations

from importlib import resources

__all__ = [
    "CLOSED_CLASS",
    "FINITE_AUXILIARIES",
    "IMPERATIVE_FOLLOWERS",
    "IRREGULAR",
    "LEAD_INS",
    "VERBS",
]


def _words(text: str) -> list[str]:
    """The whitespace-separated words of a block of text (keeps the lists readable)."""
    return text.split()


VERBS: frozenset[str] = frozenset(
    _words(
        resources.files("cuagym.analysis")
        .joinpath("_lexicon_verbs.txt")
        .read_text(encoding="utf-8")
    )
)

# Forms the suffix rules cannot undo. Only verbs that instructions plausibly carry.
IRREGULAR: dict[str, str] = {
    "built": "build",
    "bought": "buy",
    "brought": "bring",
    "chose": "choose",
    "chosen": "choose",
    "did": "do",
    "does": "do",
    "done": "do",
    "drew": "draw",
    "drawn": "draw",
    "found": "find",
    "gave": "give",
    "given": "give",
    "got": "get",
    "gotten": "get",
    "had": "have",
    "has": "have",
    "held": "hold",
    "hid": "hide",
    "hidden": "hide",
    "kept": "keep",
    "laid": "lay",
    "left": "leave",
    "made": "make",
    "met": "meet",
    "paid": "pay",
    "ran": "run",
    "rewrote": "rewrite",
    "rewritten": "rewrite",
    "sent": "send",
    "shown": "show",
    "sold": "sell",
    "spent": "spend",
    "stood": "stand",
    "struck": "strike",
    "taken": "take",
    "took": "take",
    "told": "tell",
    "went": "go",
    "wrote": "write",
    "written": "write",
}

# Lead-ins skipped at the start of a clause, longest first when they share a prefix. Each is a
# tuple of lower-case tokens; the ones ending in "by"/"with" take a gerund ("start by opening").
LEAD_INS: tuple[tuple[str, ...], ...] = tuple(
    tuple(phrase.split())
    for phrase in (
        "i would appreciate it if you could",
        "i'd appreciate it if you could",
        "i would like you to",
        "i'd like you to",
        "i would like to",
        "i'd like to",
        "i want you to",
        "i want to",
        "i need you to",
        "i need to",
        "we need you to",
        "we need to",
        "we want to",
        "you need to",
        "you should",
        "you must",
        "your task is to",
        "your job is to",
        "the task is to",
        "the goal is to",
        "can you please",
        "could you please",
        "would you please",
        "can you",
        "could you",
        "would you",
        "will you",
        "would you mind",
        "help me to",
        "help me by",
        "help me with",
        "help me",
        "go ahead and",
        "make sure to",
        "make sure you",
        "be sure to",
        "remember to",
        "don't forget to",
        "do not forget to",
        "try to",
        "start by",
        "begin by",
        "let's",
        "let us",
        "please",
        "kindly",
        "now",
        "then",
        "next",
        "first",
        "firstly",
        "second",
        "secondly",
        "finally",
        "lastly",
        "also",
        "so",
        "and",
        "ok",
        "okay",
        "hi",
        "hey",
        "hello",
        "just",
        "quickly",
    )
)

# Words that never open an imperative: articles, pronouns, prepositions, conjunctions,
# auxiliaries, quantifiers. A clause starting with one is not an instruction's verb.
CLOSED_CLASS: frozenset[str] = frozenset(
    _words(
        """
    a an the this that these those there here it its they them their theirs we us our ours you
    your yours he him his she her hers i me my mine i'm i've i'd i'll we're we've we'd we'll
    you're you've you'll it's that's there's here's what's who whom whose which what when where
    why how if once as because since until unless while though although whether
    in on at of for from to with within without inside outside into onto upon by via per about
    above below under over after before during between among across through throughout around
    near beside besides beyond against toward towards along than like
    and or but nor yet so then now also only just not no yes both either neither
    each every all any some many much more most few several other another such
    is are was were be been being am has have had do does did will would can could should shall
    may might must
    one two three four five six seven eight nine ten
    """
    )
)

# A finite auxiliary right after a candidate means the candidate is a subject, not a verb
# ("Record is missing", "Orders were shipped").
FINITE_AUXILIARIES: frozenset[str] = frozenset(
    _words("is are was were has have had will would can could should shall may might must")
)

# What follows a verb in the classic imperative shape "VERB the thing": determiners, object
# pronouns, particles. Used to recognise a verb missing from VERBS by its position.
IMPERATIVE_FOLLOWERS: frozenset[str] = frozenset(
    _words(
        """
    the a an all each every any some both this that these those my your our their his her its
    it them him me us everything anything something nothing
    up out down off away back over in on
    """
    )
)
