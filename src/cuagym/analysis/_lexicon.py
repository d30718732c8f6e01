"""Word lists behind the first-verb rules (see ``_verbs``): data, not logic.

``VERBS`` are base forms of verbs that instructions to a computer-use agent start with: the
paper's eighteen (open, create, set, add, use, extract, configure, apply, insert, build, read,
change, write, convert, remove, export, check, find), its named tail (merge, flatten, normalize,
reconcile, annotate) and the everyday vocabulary of office, file, mail, chat, tracker and CRM
work. A verb missing here is still found when it stands where an imperative stands (rule 4b in
``_verbs``); the list decides the doubtful cases and guides lemmatization.
"""

from __future__ import annotations

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
        """
    accept access adapt add adjust align allocate alphabetize amend analyze annotate answer
    append apply approve archive arrange assign attach audit autofill average
    back balance block bold book bookmark break build bulk bump
    calculate cancel capitalize categorize center change check choose clean clear click clone
    close collapse collect color colour combine comment compare compile complete compose
    compress compute condense configure confirm connect consolidate convert copy correct count
    create crop cross cut
    deactivate decline decrease delete deselect design determine disable dismiss display
    distribute divide document double download drag draft draw drop duplicate
    edit email embed empty enable enlarge ensure enter erase escalate establish estimate
    evaluate exclude execute expand export extract
    fetch fill filter finalize find fix flag flatten flip fold follow forward format freeze
    gather generate give go group
    handle hide highlight hyphenate
    identify ignore import include increase indent insert install invite italicize
    join justify
    keep label launch lay leave lift limit link list load locate lock log look lower
    mark match maximize merge minimize mirror modify mount move multiply mute
    name navigate normalize note number
    obtain open order organize outline overwrite
    pack paginate paste pause pin place plan plot populate post prepare prepend present
    preview print prioritize process produce promote protect publish pull purge put
    query raise rank rate react read reassign rebuild recalculate receive recolor reconcile
    record redact redo reduce refactor reference refresh reformat register reject relabel
    reload remove rename render reopen reorder reorganize repair replace reply report
    reposition request reschedule reset reshape resize resolve restore restructure resume
    retitle retrieve return reverse review revise rewrite rotate round run
    save scale schedule scroll search select send separate set setup share shift shorten show
    shrink sign simplify sort split spell standardize star start strike style submit subtract
    sum summarize supply swap switch sync
    tab tabulate tag take tidy toggle total track transfer transform translate transpose trim
    turn type
    unarchive underline undo unfreeze unhide unlink unlock unmerge unpin unstar unsubscribe
    update upgrade upload use
    validate verify view
    watch wrap write
    zip zoom
    """
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
