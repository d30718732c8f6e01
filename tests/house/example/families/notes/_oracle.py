"""The pin-note family's GUI oracle: it finds the note's row on the page and presses its Pin
button, then reads the page back until the row shows the note pinned. The family's start
screen is the app's home page, where every note has its row."""

from __future__ import annotations

from cuagym.apps.web_oracle import Act, Element, Stage, WebOracle, call

__all__ = ["PinNoteOracle"]


class PinNoteOracle(WebOracle):
    def stages(self) -> list[Stage]:
        return [Stage(f"pin {self.p['note']}", done=self._pinned, act=self._press_pin)]

    async def _titled(self, selector: str) -> Element | None:
        found = [e for e in await self.visible(selector) if e["attrs"].get("data-title")]
        return next((e for e in found if e["attrs"]["data-title"] == self.p["note"]), None)

    async def _pinned(self) -> bool:
        row = await self._titled('[data-testid="note"]')
        return row is not None and row["attrs"].get("data-pinned") == "1"

    async def _press_pin(self) -> Act:
        button = await self._titled('[data-testid="pin-button"]')
        if button is None:
            return Act.of("the note is not on the page yet: look again", call("wait", time=1))
        return Act.of(f"press Pin on {self.p['note']}", self.click(button), commits=True)
