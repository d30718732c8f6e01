"""Form parsing for the kit's apps: what a person typed, as typed values, or one message per
wrong field (the kit's ``field`` macro shows it beside the field).

Money is typed in the field's currency (``$1,250.00``, ``18``, ``18.5``) and stored in cents;
counts are whole numbers; days are ``YYYY-MM-DD`` (the browser's date input). A parser returns
the value or raises :class:`FieldError`; :func:`collect` runs several and raises the kit's
:class:`~cuagym.apps.webkit.FormInvalid` with every field's message at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import date
from typing import Any

from cuagym.apps.webkit import FormInvalid

__all__ = [
    "FieldError",
    "collect",
    "format_amount",
    "format_money",
    "money_input",
    "parse_count",
    "parse_day",
    "parse_money",
    "parse_text",
]

_MONEY = re.compile(r"^\$?\s*(\d{1,3}(,\d{3})*|\d+)(\.\d{1,2})?$")


class FieldError(ValueError):
    """One field's value is wrong; the message is shown beside it."""


def format_money(cents: int | None) -> str:
    """``125000`` -> ``$1,250.00``; a negative amount as ``-$5.00``."""
    if cents is None:
        return ""
    sign = "-" if cents < 0 else ""
    return f"{sign}${abs(cents) / 100:,.2f}"


_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "CA$"}


def format_amount(cents: int, currency: str) -> str:
    """A receipt's own amount: ``€84.50``, ``£12.00``, ``CA$40.00``, ``$9.99``."""
    return f"{_SYMBOLS.get(currency, currency + ' ')}{cents / 100:,.2f}"


def money_input(cents: int | None) -> str:
    """What a money field shows for editing: ``1250.00``."""
    return "" if cents is None else f"{cents / 100:.2f}"


def parse_money(raw: str, *, required: bool = True) -> int | None:
    text = raw.strip()
    if not text:
        if required:
            raise FieldError("Enter an amount.")
        return None
    if not _MONEY.match(text):
        raise FieldError("Enter an amount like 18.50.")
    whole, _, frac = text.lstrip("$ ").replace(",", "").partition(".")
    return int(whole) * 100 + int((frac + "00")[:2])


def parse_count(
    raw: str, *, low: int = 0, high: int = 1_000_000, required: bool = True, what: str = "number"
) -> int | None:
    text = raw.strip()
    if not text:
        if required:
            raise FieldError(f"Enter a {what}.")
        return None
    if not re.fullmatch(r"[+-]?\d+", text):
        raise FieldError(f"Enter a whole {what}.")
    value = int(text)
    if not low <= value <= high:
        raise FieldError(f"Enter a {what} from {low} to {high}.")
    return value


def parse_day(raw: str, *, required: bool = True) -> str | None:
    text = raw.strip()
    if not text:
        if required:
            raise FieldError("Pick a date.")
        return None
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise FieldError("Enter a date as YYYY-MM-DD.") from None


def parse_text(raw: str, *, required: bool = False, limit: int = 255, what: str = "text") -> str:
    text = " ".join(raw.split())
    if required and not text:
        raise FieldError(f"Enter a {what}.")
    if len(text) > limit:
        raise FieldError(f"Keep it under {limit} characters.")
    return text


def collect(form: Mapping[str, str], parsers: Mapping[str, Callable[[str], Any]]) -> dict[str, Any]:
    """Every field parsed, or :class:`FormInvalid` naming each wrong one."""
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for name, parse in parsers.items():
        try:
            values[name] = parse(form.get(name, ""))
        except FieldError as exc:
            errors[name] = str(exc)
    if errors:
        raise FormInvalid(errors)
    return values
