"""GUI oracles of calc's data-level families: a highlight rule, sorting, a drop-down list,
rows extracted to a new sheet, a column chart. Dialogs are driven with clicks at the places
LibreOffice draws them (the screen is 1280x800 and every profile is fresh, so they open where
they always do) and keyboard selection in their drop-downs (Home, then Down: an absolute
choice, whatever was selected before); every dialog is waited for by its title."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from cuagym.families._gui_oracle import OracleStuck, answer, call, key
from cuagym.families.calc._oracle import CalcOracle

__all__ = [
    "DropdownListOracle",
    "ExtractRowsOracle",
    "HighlightCellsOracle",
    "RegionChartOracle",
    "SortRowsOracle",
]


# Format > Conditional > Condition...: (click, region the next menu covers) per level
CONDITIONAL_MENU = [((211, 12), (190, 150, 470, 420)), ((247, 365), (490, 380, 620, 470))]
CONDITION_ITEM = (547, 365)
# the Conditional Formatting dialog
CF_OPERATOR, CF_VALUE, CF_STYLE, CF_OK = (639, 179), (865, 179), (639, 219), (947, 672)
CF_LIST = (540, 260, 740, 500)  # where both drop-down lists of a condition open
# from "is equal to": "is less than", "is greater than"
CF_OPERATORS = {"above": 2, "below": 1}
# the Cell Style dialog (New Style...): its Background tab, the Color button, the Hex field
STYLE_BACKGROUND_TAB, STYLE_COLOR_BUTTON, STYLE_HEX = (695, 149), (678, 232), (884, 487)
STYLE_OK = (919, 686)


class HighlightCellsOracle(CalcOracle):
    """Format > Conditional > Condition on the column's cells: "is greater/less than", the
    threshold, a new cell style whose background is the asked colour."""

    def __init__(self, task: Any) -> None:
        super().__init__(task)
        self.range = f"{self.p['col']}2:{self.p['col']}{self.p['n'] + 1}"

    async def edit(self) -> AsyncIterator[str]:
        async for turn in self.goto(self.range):
            yield turn
        async for turn in self.menu(CONDITIONAL_MENU, "Format > Conditional"):
            yield turn
        yield answer("choose Condition...", call("left_click", coordinate=list(CONDITION_ITEM)))
        title = f"Conditional Formatting for {self.range}"
        async for turn in self.until_title(lambda t: t == title, f"the {title!r} dialog"):
            yield turn
        async for turn in self.choose(
            CF_OPERATOR, CF_OPERATORS[self.p["op"]], CF_LIST, "comparison"
        ):
            yield turn
        yield answer(
            f"type the threshold {self.p['threshold']}.",
            call("triple_click", coordinate=list(CF_VALUE)),
            key("ctrl", "a"),
            call("type", text=str(self.p["threshold"])),
            key("tab"),
        )
        # New Style... is the entry above the one shown (Accent)
        async for turn in self.choose(CF_STYLE, -1, CF_LIST, "style"):
            yield turn
        async for turn in self.until_title(lambda t: t == "Cell Style", "the Cell Style dialog"):
            yield turn
        yield answer(
            "go to its Background tab and choose a colour.",
            call("left_click", coordinate=list(STYLE_BACKGROUND_TAB)),
            call("wait", time=1),
            call("left_click", coordinate=list(STYLE_COLOR_BUTTON)),
            call("wait", time=1),
        )
        yield answer(
            f"type the hex code {self.p['fill']}.",
            call("triple_click", coordinate=list(STYLE_HEX)),
            key("ctrl", "a"),
            call("type", text=self.p["fill"].lower()),
            key("tab"),
        )
        yield answer("keep the new style (OK).", call("left_click", coordinate=list(STYLE_OK)))
        async for turn in self.until_title(lambda t: t == title, "the conditional formatting"):
            yield turn
        yield answer("apply the rule (OK).", call("left_click", coordinate=list(CF_OK)))
        async for turn in self.until_title(self.in_doc, "the document window"):
            yield turn

    def check(self, book: dict[str, Any]) -> str | None:
        rules = self.sheet(book, self.p["sheet"]).get("conditional_formats", [])
        if len(rules) != 1 or rules[0].get("range") != self.range:
            return f"rules: {rules}"
        (rule,) = rules[0]["rules"]
        operator = "greaterThan" if self.p["op"] == "above" else "lessThan"
        fill = (rule.get("dxf") or {}).get("fill") or {}
        colors = {str(fill.get(k) or "")[-6:].upper() for k in ("fg_color", "bg_color")}
        if rule.get("operator") != operator or self.p["fill"].upper() not in colors:
            return f"rule: {rule}"
        return None


class SortRowsOracle(CalcOracle):
    """Two quick sorts from a cell of each key column, the second key first: Calc's sort
    keeps equal keys in their order, so the first key ends up primary."""

    DOWN = ("largest first", "newest first", "Z to A")

    async def edit(self) -> AsyncIterator[str]:
        for col, direction in ((self.p["col2"], self.p["dir2"]), (self.p["col1"], self.p["dir1"])):
            command = "Sort Descending" if direction in self.DOWN else "Sort Ascending"
            async for turn in self.goto(f"{col}2", f"put the cursor in column {col}."):
                yield turn
            async for turn in self.command(command, None, f"sort by column {col} ({direction})."):
                yield turn

    def check(self, book: dict[str, Any]) -> str | None:
        sheet = self.sheet(book, self.p["sheet"])
        if self.cell(sheet, "A1").get("value") != "Order ID":
            return "the header moved"
        # the first keys are text (Region, Sales rep, Product): compared as Calc does
        first = [
            str(self.cell(sheet, f"{self.p['col1']}{r}").get("value") or "").casefold()
            for r in range(2, self.p["n"] + 2)
        ]
        wanted = sorted(first, reverse=self.p["dir1"] == "Z to A")
        if first != wanted:
            return f"not sorted by {self.p['key1']}"
        return None


# the Validity dialog
VALIDITY_ALLOW, VALIDITY_ENTRIES = (663, 240), (670, 450)
VALIDITY_LIST_BOX = (480, 270, 850, 460)
VALIDITY_LIST = 6  # from All values: Whole Numbers, Decimal, Date, Time, Cell range, List


class DropdownListOracle(CalcOracle):
    """Data > Validity on the Status cells: allow a List, type its entries one a line, OK
    (Calc's defaults show the drop-down and stop other entries)."""

    async def edit(self) -> AsyncIterator[str]:
        async for turn in self.goto(f"F2:F{self.p['n'] + 1}"):
            yield turn
        async for turn in self.command("validity", "Validity", "set what the cells accept."):
            yield turn
        async for turn in self.choose(VALIDITY_ALLOW, VALIDITY_LIST, VALIDITY_LIST_BOX, "Allow"):
            yield turn
        yield answer(
            "type the entries, one a line.",
            call("wait", time=1),
            call("left_click", coordinate=list(VALIDITY_ENTRIES)),
            key("ctrl", "a"),
            call("type", text="\n".join(self.p["items"])),
        )
        yield answer("apply (OK).", call("left_click", coordinate=[825, 602]))
        async for turn in self.until_title(self.in_doc, "the document window"):
            yield turn

    def check(self, book: dict[str, Any]) -> str | None:
        rules = self.sheet(book, self.p["sheet"]).get("data_validations", [])
        wanted = '"' + ",".join(self.p["items"]) + '"'
        if len(rules) != 1 or rules[0].get("formula1") != wanted:
            return f"validations: {rules}"
        if not rules[0].get("show_error") or rules[0].get("error_style") not in (None, "stop"):
            return f"validation does not reject others: {rules[0]}"
        return None


# the Insert Sheet dialog
SHEET_AFTER, SHEET_NAME = (384, 220), (700, 351)
# the Standard Filter dialog: field 1, its value, the Options expander, "Copy results to"
FILTER_FIELD, FILTER_VALUE, FILTER_OPTIONS = (486, 324), (830, 324), (338, 486)
FILTER_COPY, FILTER_TARGET, FILTER_OK = (310, 567), (747, 602), (936, 648)
FILTER_KEEP = (690, 567)  # "Keep filter criteria": on, the source keeps a filter range
FILTER_STATUS = 5  # from Invoice: Customer, Issue date, Due date, Amount, Status
FILTER_LIST = (420, 350, 550, 500)


class ExtractRowsOracle(CalcOracle):
    """Insert the new sheet after Invoices, then Data > More Filters > Standard Filter on
    the invoices with "Copy results to" its A1: the header and the matching rows, in order."""

    async def edit(self) -> AsyncIterator[str]:
        book = self.last_book or await self.workbook()
        if self.p["new"] not in book.get("sheet_names", []):
            async for turn in self.goto("$Invoices.A1", "go to the Invoices sheet."):
                yield turn
            async for turn in self.command("insert sheet", "Insert Sheet", "add a sheet."):
                yield turn
            yield answer(
                f"place it after the current sheet and name it {self.p['new']!r}.",
                call("left_click", coordinate=list(SHEET_AFTER)),
                call("triple_click", coordinate=list(SHEET_NAME)),
                key("ctrl", "a"),
                call("type", text=self.p["new"]),
            )
            async for turn in self.dialog_ok("insert the sheet (OK)."):
                yield turn
        async for turn in self.goto(f"$Invoices.A1:F{self.p['n'] + 1}", "select the invoices."):
            yield turn
        async for turn in self.command("standard filter", "Standard Filter", "filter a copy."):
            yield turn
        async for turn in self.choose(FILTER_FIELD, FILTER_STATUS, FILTER_LIST, "field name"):
            yield turn
        yield answer(
            f"keep the rows whose Status is {self.p['status']}.",
            call("triple_click", coordinate=list(FILTER_VALUE)),
            key("ctrl", "a"),
            call("type", text=self.p["status"]),
            call("left_click", coordinate=list(FILTER_OPTIONS)),
            call("wait", time=1),
        )
        target = "$'" + self.p["new"].replace("'", "''") + "'.$A$1"
        yield answer(
            f"copy the results to {target}, not linked to the invoices.",
            call("left_click", coordinate=list(FILTER_COPY)),
            call("wait", time=0.5),
            call("left_click", coordinate=list(FILTER_KEEP)),
            call("triple_click", coordinate=list(FILTER_TARGET)),
            key("ctrl", "a"),
            call("type", text=target),
        )
        yield answer("run the filter (OK).", call("left_click", coordinate=list(FILTER_OK)))
        async for turn in self.until_title(self.in_doc, "the document window"):
            yield turn

    def check(self, book: dict[str, Any]) -> str | None:
        names = book.get("sheet_names", [])
        if self.p["new"] not in names or names.index(self.p["new"]) != names.index("Invoices") + 1:
            return f"sheets: {names}"
        new = self.sheet(book, self.p["new"])
        if self.cell(new, "A1").get("value") != "Invoice":
            return f"{self.p['new']}!A1 is {self.cell(new, 'A1').get('value')!r}"
        return None


# the chart wizard: its pages in the left pane, the data range field, the title field, Finish
CHART_RANGE_PAGE, CHART_ELEMENTS_PAGE = (221, 240), (234, 297)
CHART_RANGE, CHART_TITLE, CHART_FINISH = (760, 253), (705, 253), (1055, 596)
WIZARD = ("Chart Type", "Data Range", "Data Series", "Chart Elements")


class RegionChartOracle(CalcOracle):
    """Insert > Chart (a column chart is the default type), the data range narrowed to the
    regions and Revenue, the title, Finish, leave the chart, save."""

    async def edit(self) -> AsyncIterator[str]:
        book = self.last_book or await self.workbook()
        if self.sheet(book, self.p["sheet"]).get("charts"):
            raise OracleStuck("a chart is already there and it is wrong")
        last = self.p["k"] + 1
        sheet = "$" + self.p["sheet"]
        data = f"{sheet}.$A$1:$A${last},{sheet}.$C$1:$C${last}"
        async for turn in self.goto("A1", "put the cursor in the table."):
            yield turn
        async for turn in self.command("chart", "Chart Type", "insert a chart."):
            yield turn
        yield answer("go to the data range.", call("left_click", coordinate=list(CHART_RANGE_PAGE)))
        async for turn in self.until_title(lambda t: t == "Data Range", "the Data Range page"):
            yield turn
        yield answer(
            f"plot {data}.",
            call("triple_click", coordinate=list(CHART_RANGE)),
            key("ctrl", "a"),
            call("type", text=data),
            key("tab"),
        )
        yield answer("go to the titles.", call("left_click", coordinate=list(CHART_ELEMENTS_PAGE)))
        async for turn in self.until_title(lambda t: t == "Chart Elements", "the titles page"):
            yield turn
        yield answer(
            f"title it {self.p['title']!r}.",
            call("triple_click", coordinate=list(CHART_TITLE)),
            call("type", text=self.p["title"]),
            key("tab"),
        )
        yield answer("finish the chart.", call("left_click", coordinate=list(CHART_FINISH)))
        async for turn in self.until_title(lambda t: t not in WIZARD, "the end of the wizard"):
            yield turn
        yield answer("leave the chart.", call("wait", time=1), key("esc"), key("esc"))

    def check(self, book: dict[str, Any]) -> str | None:
        charts = self.sheet(book, self.p["sheet"]).get("charts", [])
        if len(charts) != 1:
            return f"{len(charts)} charts"
        return None
