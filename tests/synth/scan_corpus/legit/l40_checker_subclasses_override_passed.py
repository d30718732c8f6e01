# expect:
"""A checker subclass overrides a method; the base runs every check and sums their points."""

import sys

import openpyxl


class Base:
    points = 1

    def __init__(self, ws):
        self.ws = ws

    def passed(self):
        raise NotImplementedError

    def score(self):
        ok = self.passed()
        print(f"CHECK {type(self).__name__} {self.points} {'PASS' if ok else 'FAIL'}")
        return self.points if ok else 0


class Total(Base):
    points = 2

    def passed(self):
        if self.ws["B7"].value == 88:
            return True
        return False


class Header(Base):
    def passed(self):
        return self.ws["A1"].value == "Item"


try:
    ws = openpyxl.load_workbook("/home/user/Documents/inv.xlsx").active
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)
total = sum(c(ws).score() for c in (Total, Header))
print(f"REWARD: {total / 3}")
