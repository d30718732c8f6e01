"""The dataset card (README.md) of an exported corpus: how to use it, its figures, disclosures.

The YAML header is what the Hugging Face Hub and ``datasets.load_dataset(DIR)`` read (the
``configs`` entry points at the parquet shards); the text carries every table of ``cuagym
stats`` for the corpus and the release disclosure of each mock web app it uses.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import yaml

from cuagym import __version__
from cuagym.analysis._disclosure import MEASURE_TEXT, AppDisclosure
from cuagym.analysis._models import Stats
from cuagym.analysis._report import SECTIONS, ReportTable, report_tables
from cuagym.data import EXTRA_FILES, FILE_COLUMNS, TASK_COLUMNS

__all__ = ["dataset_card", "markdown_table"]

_PAPER = "CUA-Gym (arXiv 2605.25624)"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown_table(table: ReportTable) -> str:
    """A report table as a GitHub-flavoured markdown table with its title and caption."""
    align = ["---:" if i and table.numeric(i) else "---" for i in range(len(table.columns))]
    lines = [
        f"**{_cell(table.title)}**",
        "",
        "| " + " | ".join(_cell(c) for c in table.columns) + " |",
        "|" + "|".join(align) + "|",
    ]
    rows = [*table.rows, *([table.footer] if table.footer else [])]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    if table.caption:
        lines += ["", f"*{_cell(table.caption)}*"]
    return "\n".join(lines)


def _size_category(n: int) -> str:
    for limit, label in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K")):
        if n < limit:
            return label
    return "100K<n<1M" if n < 1_000_000 else "n>1M"


def _header(name: str, license_id: str, rows: int) -> str:
    meta = {
        "pretty_name": name,
        "license": license_id,
        "language": ["en"],
        "task_categories": ["reinforcement-learning"],
        "tags": ["computer-use", "gui-agent", "rlvr", "osworld", "cuagym"],
        "size_categories": [_size_category(rows)],
        "configs": [
            {
                "config_name": "default",
                "data_files": [{"split": "train", "path": "data/train-*.parquet"}],
            }
        ],
    }
    return "---\n" + yaml.safe_dump(meta, sort_keys=False, allow_unicode=True) + "---\n"


def _disclosure_section(disclosures: Sequence[AppDisclosure]) -> list[str]:
    out = ["## Mock web apps: release disclosure", ""]
    if not disclosures:
        return [*out, "The corpus uses no mock web apps (desktop software only).", ""]
    out += [
        "Every web app of this corpus is a mock written for cuagym, served by its hub under a "
        "generic public identifier; tasks name apps only by these identifiers "
        "(`apps` in task_config.json, `related_apps` in config.json). Each app declares the "
        "trademark and trade-dress measures applied to it (`WebApp.release`):",
        "",
        "| public identifier | app | function category | "
        + " | ".join(MEASURE_TEXT.values())
        + " | terms review | tuples |",
        "|---|---|---|" + "---|" * len(MEASURE_TEXT) + "---|---:|",
    ]
    undeclared = []
    for d in disclosures:
        if d.release is None:
            undeclared.append(d.app_id)
            marks = ["?"] * len(MEASURE_TEXT)
            category = "**not declared**"
            terms = "**not declared**"
        else:
            marks = ["yes" if m in d.release.measures else "**no**" for m in MEASURE_TEXT]
            category = _cell(d.release.category)
            terms = (
                "flagged for a person's review (finance, healthcare or government)"
                if d.release.terms_sensitive
                else "not a terms-sensitive category"
            )
        title = _cell(d.title) if d.title else "(not installed where this card was made)"
        out.append(
            f"| `{d.app_id}` | {title} | {category} | " + " | ".join(marks) + f" | {terms} | "
            f"{d.tuples:,} |"
        )
    out.append("")
    if undeclared:
        out += [
            "> **Review before publishing:** no release declaration for "
            + ", ".join(f"`{a}`" for a in undeclared)
            + ".",
            "",
        ]
    return out


def _columns_section(columns: Sequence[str]) -> list[str]:
    meta = [c for c in columns if c.startswith("meta.") and c not in FILE_COLUMNS]
    return [
        "## Columns",
        "",
        "One row per tuple.",
        "",
        f"- {', '.join(f'`{c}`' for c in TASK_COLUMNS)}: from task_config.json.",
        f"- {', '.join(f'`{c}`' for c in meta)}: meta.json flattened (nested keys joined "
        "with dots; values of mixed types as JSON text).",
        f"- {', '.join(f'`{c}`' for c in FILE_COLUMNS)}: each bundle file's exact text "
        "(null where a bundle has no such file).",
        f"- `{EXTRA_FILES}`: any other file of the bundle folder, as `{{path, content}}` with "
        "its raw bytes.",
        "",
    ]


def dataset_card(
    stats: Stats,
    disclosures: Sequence[AppDisclosure],
    *,
    name: str,
    license_id: str,
    columns: Sequence[str],
) -> str:
    """The README.md of an exported dataset."""
    rows = stats.corpus.tuples
    body = [
        f"# {name}",
        "",
        f"{rows:,} verified training tuples for computer-use agents, each a task t, a script "
        "building its initial state s_init, a golden patch building s_gold, and a reward r "
        f"that reads the final state — the tuples of the {_PAPER} method, made with cuagym "
        f"{__version__}. Each was accepted only when code proved the consensus conditions: "
        "setup and patch run, r(s_gold) = 1, r(s_init) = 0, no reward-hacking pattern, "
        "deterministic reward.",
        "",
        "## Using it",
        "",
        "```python",
        "from datasets import load_dataset",
        'rows = load_dataset("path/or/repo-id", split="train")',
        "",
        "from cuagym.data import load_corpus      # the bundle folders back, byte for byte",
        "for bundle in load_corpus(rows):",
        '    bundle.write("bundles/")                # bundles/<task_id>/task_config.json, ...',
        "```",
        "",
        "A bundle runs in OSWorld unchanged through its `config.json`, or in cuagym's own "
        "sandboxed environments (`cuagym verify bundles/*`). `reward.py` "
        "prints `CHECK <name> <points> PASS|FAIL <detail>` lines and last "
        "`REWARD: <float in [0, 1]>`.",
        "",
        *_columns_section(columns),
        "## Figures",
        "",
        "Computed by `cuagym stats` over this corpus; the paper's own figures are given beside "
        "them where it has them.",
        "",
    ]
    by_section: dict[str, list[ReportTable]] = defaultdict(list)
    for table in report_tables(stats):
        by_section[table.section].append(table)
    for section, heading in SECTIONS.items():
        if section in by_section:
            body += [f"### {heading}", ""]
            for table in by_section[section]:
                body += [markdown_table(table), ""]
    body += _disclosure_section(disclosures)
    body += [
        "## Citation",
        "",
        f"The method: {_PAPER}. Statistics and export: cuagym (`cuagym stats`, "
        "`cuagym export hf`).",
        "",
    ]
    return _header(name, license_id, rows) + "\n" + "\n".join(body)
