"""The Generator's raw material: small realistic code projects, varied per task.

A project is a folder ``projects/<name>/`` of a Python package (its modules, a config
module, a command line), unittest tests, a README, an INI settings file, a ``package.json``
and a small JavaScript front end. Every file is built from the vocabulary of one
:class:`Domain` (an inventory, invoices, a fleet...), so two tasks of one family edit
different code. Texts end in one newline, use four-space indents and LF line endings, as the
editor writes them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

__all__ = [
    "DOMAINS",
    "PROJECT_NAMES",
    "TEST_MESSAGES",
    "Domain",
    "Project",
    "domain_of",
    "make_project",
    "project_name",
]


@dataclass(frozen=True)
class Domain:
    """A business domain's words: the package, a record's noun, its key and its quantity."""

    pkg: str
    noun: str
    plural: str
    key: str
    qty: str
    service: str


DOMAINS: tuple[Domain, ...] = (
    Domain("inventory", "item", "items", "sku", "stock", "warehouse"),
    Domain("billing", "invoice", "invoices", "number", "amount", "ledger"),
    Domain("fleet", "vehicle", "vehicles", "plate", "mileage", "depot"),
    Domain("library", "book", "books", "isbn", "copies", "catalog"),
    Domain("clinic", "patient", "patients", "record_id", "visits", "registry"),
    Domain("greenhouse", "sensor", "sensors", "serial", "reading", "station"),
)
PROJECT_NAMES: tuple[str, ...] = ("tracker", "service", "toolkit", "portal", "hub", "desk")
_HOSTS = ("api.internal.example", "backend.example.org", "svc.example.net")


@dataclass(frozen=True)
class Project:
    """One generated project: its folder (relative to /home/user), package, vocabulary,
    version, the config module's constants and every file's text by path (relative to the
    home)."""

    root: str
    title: str
    domain: Domain
    version: str
    constants: dict[str, int]
    files: dict[str, str]

    def path(self, rel: str) -> str:
        """A project file's path relative to the home."""
        return f"{self.root}/{rel}"

    @property
    def pkg_dir(self) -> str:
        return self.path(self.domain.pkg)


def _lines(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def _core(d: Domain) -> str:
    return _lines(
        f'"""Core operations on {d.plural}: totals, look-ups and pages."""',
        "",
        "",
        f"def total_{d.qty}({d.plural}):",
        f'    """The sum of every {d.noun}\'s {d.qty}."""',
        f'    return sum(x["{d.qty}"] for x in {d.plural})',
        "",
        "",
        f"def find_{d.noun}({d.plural}, {d.key}):",
        f'    """The {d.noun} with this {d.key}, or None."""',
        f"    for x in {d.plural}:",
        f'        if x["{d.key}"] == {d.key}:',
        "            return x",
        "    return None",
        "",
        "",
        f"def find_{d.plural}_where({d.plural}, test):",
        f'    """Every {d.noun} that passes ``test``."""',
        f"    return [x for x in {d.plural} if test(x)]",
        "",
        "",
        f"def total_{d.qty}_of({d.plural}, keys):",
        f'    """The {d.qty} of the {d.plural} whose {d.key} is in ``keys``."""',
        f'    return total_{d.qty}([x for x in {d.plural} if x["{d.key}"] in keys])',
        "",
        "",
        f"def paginate({d.plural}, page, size):",
        '    """Page ``page`` (counted from 1) of ``size`` records."""',
        "    start = (page - 1) * size",
        f"    return {d.plural}[start:start + size]",
        "",
        "",
        f"def latest_{d.plural}({d.plural}, count):",
        f'    """The last ``count`` {d.plural} of the list."""',
        f"    return {d.plural}[-count:]",
        "",
        "",
        f"def count_above({d.plural}, limit):",
        f'    """How many {d.plural} have a {d.qty} of ``limit`` or more."""',
        f'    return sum(1 for x in {d.plural} if x["{d.qty}"] >= limit)',
    )


def _config(d: Domain, constants: dict[str, int], host: str) -> str:
    lines = [f'"""Settings of the {d.pkg} package."""', "", f'API_URL = "https://{host}/v1"']
    lines += [f"{name} = {value}" for name, value in constants.items()]
    return _lines(*lines)


def _client(d: Domain, retries: int, backoff: float) -> str:
    return _lines(
        f'"""A client of the {d.service} API."""',
        "",
        "import time",
        "",
        "from .config import API_URL, TIMEOUT_S",
        f"from .core import find_{d.noun}",
        "",
        f"MAX_RETRIES = {retries}  # attempts before a request gives up",
        f"BACKOFF_S = {backoff}  # seconds between two attempts",
        "",
        "",
        f"def fetch_{d.noun}(session, {d.key}):",
        f'    """Ask the {d.service} for one {d.noun}, retrying on errors."""',
        "    for attempt in range(MAX_RETRIES):",
        f'        reply = session.get(API_URL + "/{d.plural}", timeout=TIMEOUT_S)',
        "        if reply.ok:",
        f"            return find_{d.noun}(reply.json(), {d.key})",
        "        time.sleep(BACKOFF_S)",
        "    return None",
    )


def _cli(d: Domain) -> str:
    return _lines(
        f'"""Command line of the {d.pkg} tools."""',
        "",
        "import json",
        "import sys",
        "",
        f"from .core import count_above, find_{d.noun}, total_{d.qty}",
        "",
        "",
        f'USAGE = "usage: python -m {d.pkg}.cli FILE [KEY] (sums with total_{d.qty},'
        f' looks up with find_{d.noun})"',
        "",
        "",
        "def main(argv):",
        "    if len(argv) < 2:",
        "        print(USAGE)",
        "        return",
        f"    {d.plural} = json.load(open(argv[1]))",
        f"    # total_{d.qty} adds every record up",
        f'    print("total {d.qty}:", total_{d.qty}({d.plural}))',
        f'    print("above 10:", count_above({d.plural}, 10))',
        "    if len(argv) > 2:",
        f"        # find_{d.noun} gives None for an unknown key",
        f"        print(find_{d.noun}({d.plural}, argv[2]))",
        "",
        "",
        'if __name__ == "__main__":',
        "    main(sys.argv)",
    )


def _tests(d: Domain) -> str:
    rows = ", ".join(f'{{"{d.key}": "K{i}", "{d.qty}": {q}}}' for i, q in enumerate((4, 12, 7)))
    names = f"count_above, find_{d.noun}, latest_{d.plural}, paginate, total_{d.qty}"
    return (
        _lines(
            f'"""Tests of {d.pkg}.core."""',
            "",
            "import unittest",
            "",
            f"from {d.pkg}.core import {names}",
            "",
            f"ROWS = [{rows}]",
            "",
            "",
            "class CoreTest(unittest.TestCase):",
            "    def test_total(self):",
            f"        self.assertEqual(total_{d.qty}(ROWS), 23)",
            "",
            "    def test_find(self):",
            f'        self.assertEqual(find_{d.noun}(ROWS, "K1")["{d.qty}"], 12)',
            "",
            "    def test_first_page(self):",
            "        self.assertEqual(paginate(ROWS, 1, 2), ROWS[:2],",
            f'                         "{TEST_MESSAGES["paginate"]}")',
            "",
            "    def test_latest(self):",
            f"        self.assertEqual(latest_{d.plural}(ROWS, 2), ROWS[-2:],",
            f'                         "{TEST_MESSAGES["latest"]}")',
            "",
            "    def test_count_limit(self):",
            f'        self.assertEqual(count_above(ROWS, 12), 1, "{TEST_MESSAGES["count_above"]}")',
        )
        .replace("{noun}", d.noun)
        .replace("{plural}", d.plural)
    )


#: the assertion messages of the project's tests ({noun}, {plural}: the domain's words)
TEST_MESSAGES: dict[str, str] = {
    "paginate": "page one starts at the first {noun}",
    "latest": "the latest 2 {plural} are exactly the last 2",
    "count_above": "a {noun} exactly at the limit counts",
}


def _readme(title: str, d: Domain, version: str) -> str:
    return _lines(
        f"# {title}",
        "",
        f"Tools for the {d.service}: {d.plural} by {d.key}, totals of their {d.qty}.",
        "",
        f"Version: {version}",
        "",
        "## Usage",
        "",
        "```",
        f"python -m {d.pkg}.cli {d.plural}.json",
        "```",
        "",
        f"`total_{d.qty}` adds the {d.qty} of every {d.noun}; `find_{d.noun}` looks one up.",
        f"Run the tests with `python -m unittest discover tests` before a release of {title}.",
    )


def _settings(d: Domain, rng: random.Random, host: str) -> str:
    return _lines(
        f"; {d.service} deployment settings",
        "[server]",
        f"host = {host}",
        f"port = {rng.choice((8080, 8000, 9090))}",
        f"workers = {rng.randint(2, 8)}",
        f"timeout = {rng.choice((15, 20, 30))}",
        "",
        "[cache]",
        "enabled = true",
        f"timeout = {rng.choice((2, 3, 5))}",
        f"ttl = {rng.choice((60, 120, 300))}",
        f"max_entries = {rng.choice((500, 1000, 2000))}",
        "",
        "[logging]",
        f"level = {rng.choice(('INFO', 'WARNING'))}",
        f"file = /var/log/{d.pkg}.log",
    )


def _changelog(version: str, rng: random.Random) -> str:
    major, minor, _ = (int(n) for n in version.split("."))
    older = f"{major}.{max(minor - 1, 0)}.{rng.randint(0, 9)}"
    return _lines(
        "# Changelog",
        "",
        f"## {version} - 2025-0{rng.randint(3, 9)}-1{rng.randint(0, 9)}",
        "",
        "- Pages are counted from 1.",
        "- Retries on timeouts.",
        "",
        f"## {older} - 2024-1{rng.randint(0, 2)}-0{rng.randint(1, 9)}",
        "",
        "- First release.",
    )


def _package_json(name: str, version: str) -> str:
    return _lines(
        "{",
        f'  "name": "{name}-web",',
        f'  "version": "{version}",',
        '  "private": true,',
        '  "scripts": {',
        '    "start": "node app.js"',
        "  }",
        "}",
    )


def _app_js(d: Domain, constants: dict[str, int]) -> str:
    return _lines(
        f"// Front end of the {d.service}: lists {d.plural} page by page.",
        f"const PAGE_SIZE = {constants['PAGE_SIZE']};",
        "",
        f"function render{d.plural.title()}(list, page) {{",
        "  const start = (page - 1) * PAGE_SIZE;",
        "  return list.slice(start, start + PAGE_SIZE).map((x) => x." + d.key + ");",
        "}",
        "",
        f"module.exports = {{ render{d.plural.title()} }};",
    )


def project_name(rng: random.Random, domain: Domain) -> str:
    """A project folder's name for ``domain`` (``inventory-hub``)."""
    return f"{domain.pkg}-{rng.choice(PROJECT_NAMES)}"


def domain_of(pkg: str) -> Domain:
    """The domain whose package is ``pkg``."""
    return next(d for d in DOMAINS if d.pkg == pkg)


def make_project(rng: random.Random, domain: Domain, name: str) -> Project:
    """A whole project of ``domain`` under ``projects/<name>``."""
    d = domain
    title = " ".join(w.title() for w in name.split("-"))
    version = f"{rng.randint(0, 3)}.{rng.randint(1, 9)}.{rng.randint(0, 9)}"
    host = rng.choice(_HOSTS)
    constants = {
        "TIMEOUT_S": rng.choice((10, 15, 30)),
        "PAGE_SIZE": rng.choice((20, 25, 50)),
        "CACHE_TTL_S": rng.choice((60, 300, 600)),
    }
    root = f"projects/{name}"
    files = {
        "README.md": _readme(title, d, version),
        "settings.ini": _settings(d, rng, host),
        "package.json": _package_json(name, version),
        "web/app.js": _app_js(d, constants),
        f"{d.pkg}/__init__.py": _lines(f'"""{title}."""', "", f'__version__ = "{version}"'),
        f"{d.pkg}/core.py": _core(d),
        f"{d.pkg}/config.py": _config(d, constants, host),
        f"{d.pkg}/client.py": _client(d, rng.choice((3, 4, 5)), rng.choice((0.5, 1.5, 2.0))),
        f"{d.pkg}/cli.py": _cli(d),
        "CHANGELOG.md": _changelog(version, rng),
        "tests/__init__.py": "",
        "tests/test_core.py": _tests(d),
    }
    return Project(root, title, d, version, constants, {f"{root}/{k}": v for k, v in files.items()})
