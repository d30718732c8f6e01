"""Wrong end states of every code-editor family score below 1.0, for the stated reason; and
right answers written another way still score 1.0.

Each case is a plausible end state an RL policy reaches — mostly from the gold state (the
golden patch, then a small script: a Replace All that went too far, a collateral edit, a test
edited instead of the code, a value quoted as a string), some from the initial one (half the
work). It runs for real (setup, the ``initial`` snapshot, the scripts, the reward in a
sandbox) and must score < 1.0 with the named check failing.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

import pytest

from cuagym.core import RewardOutput
from cuagym.domains import load_domain
from tests.families.desktop_harness import score_end_states

domain = load_domain("code-editor")

pytestmark = pytest.mark.slow


def script(body: str) -> Any:
    """A change script: ``body`` runs in the task's project folder with ``P`` (the params),
    ``read(rel)`` / ``write(rel, text)`` (paths relative to the project) and ``sub(rel, old,
    new)`` (every ``old`` of a file written ``new``)."""

    def build(p: dict[str, Any]) -> str:
        return (
            "import json\nimport os\nimport re\n"
            f"P = json.loads({json.dumps(p)!r})\nos.chdir('/home/user/' + P['root'])\n"
            "def read(rel):\n    return open(rel, encoding='utf-8').read()\n"
            "def write(rel, text):\n    open(rel, 'w', encoding='utf-8').write(text)\n"
            "def sub(rel, old, new):\n    write(rel, read(rel).replace(old, new))\n" + body
        )

    return build


@dataclass(frozen=True)
class Case:
    family: str
    seed: int
    why: str  # what is wrong with the end state (or, with right=True, why it is still right)
    script: Any  # params -> change script
    fails: str  # the check that must catch it ("" for a right answer)
    from_gold: bool = True
    right: bool = False


INIT = "P['pkg'] + '/__init__.py'"
CORE = "P['pkg'] + '/core.py'"
CLIENT = "P['pkg'] + '/client.py'"
CONFIG = "P['pkg'] + '/config.py'"

README_DOCSTRING_TOO = script(f"sub({INIT}, P['old'], P['new'])\n")
README_UPPER = script("sub('README.md', P['new'], P['new'].upper())\n")
README_FIRST_ONLY = script("write('README.md', read('README.md').replace(P['old'], P['new'], 1))\n")

INI_OTHER_KEY_TOO = script("sub('settings.ini', 'enabled = true', 'enabled = false')\n")
INI_APPENDED = script("write('settings.ini', read('settings.ini') + P['key'] + ' = ' + "
                      "P['value'] + '\\n')\n")  # fmt: skip
INI_BACKUP = script("write('settings.ini.bak', read('settings.ini'))\n")
INI_TRAILING = script("write('settings.ini', read('settings.ini').replace('\\n', '  \\n'))\n")
INI_SPACED = script("""
lines = read('settings.ini').split('\\n')
write('settings.ini', '\\n'.join(re.sub(r'\\s*=\\s*', '  =   ', x, count=1) for x in lines))
""")

VERSION_CHANGELOG_TOO = script("""
old = re.search(r'## (\\S+)', read('CHANGELOG.md')).group(1)
sub('CHANGELOG.md', '## ' + old, '## ' + P['version'])
""")
VERSION_INIT_ONLY = script(f"""
old = re.search(r'__version__ = "([^"]+)"', read({INIT})).group(1)
sub({INIT}, old, P['version'])
""")
VERSION_JSON_TYPO = script("sub('package.json', P['version'], 'v' + P['version'])\n")
VERSION_JSON_REFORMATTED = script("""
write('package.json', json.dumps(json.loads(read('package.json')), indent=4) + '\\n')
""")

DEBUG_COMMENT_TOO = script(f"""
write({CORE}, '\\n'.join(x for x in read({CORE}).split('\\n') if 'DEBUG=1' not in x))
""")
DEBUG_COMMENTED_OUT = script(f"""
lines = read({CORE}).split('\\n')
write({CORE}, '\\n'.join(re.sub(r'^(\\s*)print\\(', r'\\1# print(', x) if x.endswith('# DEBUG')
                          else x for x in lines))
""")
DEBUG_ONE_LEFT = script(f"""
lines = read({CORE}).split('\\n')
marked = [i for i, x in enumerate(lines) if x.endswith('# DEBUG')]
write({CORE}, '\\n'.join(x for i, x in enumerate(lines) if i not in marked[1:]))
""")

SHEET_EDITED = script("""
import openpyxl
path = '/home/user/' + P['plan']
book = openpyxl.load_workbook(path)
book[P['sheet']]['C2'] = 1
book.save(path)
""")
SHEET_ONE_ROW_UNDONE = script("""
import openpyxl
book = openpyxl.load_workbook('/home/user/' + P['plan'])
section, key, value = [c.value for c in book[P['sheet']][2]]
text = read('settings.ini').split('\\n')
current = ''
for i, line in enumerate(text):
    if line.startswith('['):
        current = line.strip('[]')
    elif current == section and line.split('=')[0].strip() == key:
        text[i] = key + ' = 1'
write('settings.ini', '\\n'.join(text))
""")
SHEET_EXTRA_SECTION = script(
    "write('settings.ini', read('settings.ini') + '\\n[rollout]\\ndone = yes\\n')\n"
)

REVIEW_API_TOO = script(f"sub({CONFIG}, '/v1', '/v2')\n")
REVIEW_QUOTED = script(f"""
write({CONFIG}, re.sub(r'^(TIMEOUT_S|PAGE_SIZE|CACHE_TTL_S) = (\\d+)', r'\\1 = "\\2"',
                       read({CONFIG}), flags=re.M))
""")
REVIEW_DOC_EDITED = script("""
import docx
path = '/home/user/' + P['doc']
document = docx.Document(path)
document.add_paragraph('Done.')
document.save(path)
""")
REVIEW_COMMENTED = script(f"write({CONFIG}, read({CONFIG}) + '# values from the review\\n')\n")

RENAME_EVERYWHERE = script("""
for root, _, names in os.walk('.'):
    for name in names:
        if name.endswith('.py'):
            sub(os.path.join(root, name), P['new'], P['old'])
            sub(os.path.join(root, name), P['old'], P['new'])
""")
RENAME_README_TOO = script("sub('README.md', P['old'], P['new'])\n")
RENAME_DEFINITION_ONLY = script(f"sub({CORE}, 'def ' + P['old'] + '(', 'def ' + P['new'] + '(')\n")

FIX_TEST_EDITED = script(
    "sub('tests/test_core.py', 'class CoreTest', '# fixed\\nclass CoreTest')\n"
)
FIX_COMMENT_ADDED = script(f"write({CORE}, read({CORE}) + '# fixed the off-by-one\\n')\n")
FIX_WRONG_WAY = script(f"""
fixes = {{'    start = page * size': '    start = (page + 1) * size',
         '[-count - 1:]': '[1 - count:]',
         ' > limit)': ' >= limit + 1)'}}
text = read({CORE})
for old, new in fixes.items():
    text = text.replace(old, new)
write({CORE}, text)
""")

MOVE_KEPT_IN_CLIENT = script(f"""
line = [x for x in read({CONFIG}).split('\\n') if x.startswith(P['name'] + ' =')][0]
text = read({CLIENT}).replace('\\nimport time\\n', '\\nimport time\\n\\n' + line + '\\n', 1)
write({CLIENT}, text)
""")
MOVE_NO_IMPORT = script(f"""
sub({CLIENT}, ', ' + P['name'], '')
sub({CLIENT}, P['name'] + ', ', '')
""")
MOVE_OTHER_VALUE = script(f"""
write({CONFIG}, re.sub('^' + P['name'] + r' = [0-9.]+', P['name'] + ' = 99', read({CONFIG}),
                       flags=re.M))
""")
MOVE_COMMENT_CAPITALS = script(f"""
text = read({CONFIG})
line = [x for x in text.split('\\n') if x.startswith(P['name'] + ' =')][0]
write({CONFIG}, text.replace(line, line.upper()))
""")
MOVE_ABSOLUTE_IMPORT = script(f"""
sub({CLIENT}, ', ' + P['name'], '')
sub({CLIENT}, P['name'] + ', ', '')
own = 'from ' + P['pkg'] + '.config import ' + P['name']
sub({CLIENT}, 'TIMEOUT_S\\n', 'TIMEOUT_S\\n' + own + '\\n')
""")

CASES: list[Case] = [
    Case("replace-name-in-readme", 0, "the package docstring renamed too", README_DOCSTRING_TOO,
         "nothing_else_changed"),
    Case("replace-name-in-readme", 1, "the new name in capitals", README_UPPER, "no_wrong_edit"),
    Case("replace-name-in-readme", 2, "only the title renamed", README_FIRST_ONLY,
         "no_wrong_edit", from_gold=False),
    Case("set-ini-setting", 0, "another key changed too", INI_OTHER_KEY_TOO, "no_wrong_edit"),
    Case("set-ini-setting", 1, "the key appended at the end, not set", INI_APPENDED,
         "no_wrong_edit", from_gold=False),
    Case("set-ini-setting", 2, "a backup copy left beside it", INI_BACKUP, "nothing_else_changed"),
    Case("set-ini-setting", 0, "spaces around = changed everywhere", INI_SPACED,
         "no_wrong_edit"),
    Case("set-ini-setting", 1, "trailing spaces left on its lines", INI_TRAILING, "",
         right=True),
    Case("bump-version", 0, "the changelog's entry renamed too", VERSION_CHANGELOG_TOO,
         "nothing_else_changed"),
    Case("bump-version", 1, "only __version__ set", VERSION_INIT_ONLY, "all_files_edited",
         from_gold=False),
    Case("bump-version", 2, "a v before the version in package.json", VERSION_JSON_TYPO,
         "no_wrong_edit"),
    Case("bump-version", 0, "package.json indented otherwise", VERSION_JSON_REFORMATTED,
         "no_wrong_edit"),
    Case("remove-debug-prints", 0, "the DEBUG comment removed too", DEBUG_COMMENT_TOO,
         "no_wrong_edit"),
    Case("remove-debug-prints", 1, "prints commented out, not removed", DEBUG_COMMENTED_OUT,
         "no_wrong_edit", from_gold=False),
    Case("remove-debug-prints", 2, "one debug print left", DEBUG_ONE_LEFT, "no_wrong_edit",
         from_gold=False),
    Case("settings-from-workbook", 0, "the workbook edited", SHEET_EDITED, "nothing_else_changed"),
    Case("settings-from-workbook", 1, "one row's setting wrong", SHEET_ONE_ROW_UNDONE,
         "no_wrong_edit"),
    Case("settings-from-workbook", 2, "a section added", SHEET_EXTRA_SECTION, "no_wrong_edit"),
    Case("constants-from-review", 0, "the API URL changed too", REVIEW_API_TOO, "no_wrong_edit"),
    Case("constants-from-review", 1, "values written as strings", REVIEW_QUOTED, "no_wrong_edit"),
    Case("constants-from-review", 2, "the review document edited", REVIEW_DOC_EDITED,
         "nothing_else_changed"),
    Case("constants-from-review", 0, "a comment added to config.py", REVIEW_COMMENTED,
         "no_wrong_edit"),
    Case("rename-function", 0, "Replace All: look-alike, comments, strings", RENAME_EVERYWHERE,
         "no_wrong_edit", from_gold=False),
    Case("rename-function", 1, "the README renamed too", RENAME_README_TOO, "nothing_else_changed"),
    Case("rename-function", 2, "only the definition renamed", RENAME_DEFINITION_ONLY,
         "all_files_edited", from_gold=False),
    Case("fix-off-by-one", 0, "the test edited too", FIX_TEST_EDITED, "nothing_else_changed"),
    Case("fix-off-by-one", 1, "a comment added to the module", FIX_COMMENT_ADDED, "no_wrong_edit"),
    Case("fix-off-by-one", 2, "fixed a wrong way", FIX_WRONG_WAY, "no_wrong_edit",
         from_gold=False),
    Case("move-constant", 0, "still defined in client.py", MOVE_KEPT_IN_CLIENT,
         "client_edited_right"),
    Case("move-constant", 1, "not imported in client.py", MOVE_NO_IMPORT, "client_edited_right"),
    Case("move-constant", 2, "another value in config.py", MOVE_OTHER_VALUE,
         "config_edited_right"),
    Case("move-constant", 0, "imported by an absolute import of its own", MOVE_ABSOLUTE_IMPORT,
         "", right=True),
    Case("move-constant", 1, "its comment retyped in capitals", MOVE_COMMENT_CAPITALS,
         "config_edited_right"),
]  # fmt: skip


def params(family: str, seed: int) -> dict[str, Any]:
    return domain.family(family).sample(seed).params or {}  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def outputs() -> dict[int, RewardOutput]:
    """Every case scored: one environment per (family, seed), cases restored from its
    ``initial`` snapshot; a few environments at a time (the CPUs are shared)."""
    groups: dict[tuple[str, int], list[int]] = {}
    for i, case in enumerate(CASES):
        groups.setdefault((case.family, case.seed), []).append(i)
    gate = asyncio.Semaphore(3)

    async def group(key: tuple[str, int], indices: list[int]) -> list[RewardOutput]:
        family = domain.family(key[0])
        gold = family.generate(family.sample(key[1])).golden_patch
        states: list[tuple[str, ...]] = []
        for i in indices:
            change = CASES[i].script(params(*key))
            states.append((gold, change) if CASES[i].from_gold else (change,))
        async with gate:
            return await score_end_states(family, key[1], states)

    async def everything() -> list[list[RewardOutput]]:
        return await asyncio.gather(*(group(k, v) for k, v in groups.items()))

    done = asyncio.run(everything())
    return {i: out for indices, outs in zip(groups.values(), done, strict=True)
            for i, out in zip(indices, outs, strict=True)}  # fmt: skip


def test_every_family_has_three_wrong_end_states() -> None:
    for family in domain.families:
        wrong = [c for c in CASES if c.family == family.id and not c.right]
        assert len(wrong) >= 3, family.id


@pytest.mark.parametrize("index", range(len(CASES)), ids=[f"{c.family}:{c.why}" for c in CASES])
def test_an_end_state_scores_as_stated(index: int, outputs: dict[int, RewardOutput]) -> None:
    case, out = CASES[index], outputs[index]
    failed = {c.name for c in out.checks if not c.passed}
    if case.right:
        assert out.reward == 1.0, (case.why, out)
        return
    assert out.reward is not None and out.reward < 1.0, (case.why, out)
    assert case.fails in failed, (case.why, failed, out)
