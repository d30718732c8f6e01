# expect:
"""Checker class: a method compares, records the detail on self, and returns a constant."""

import sys

import openpyxl


class Checker:
    def __init__(self, path):
        self.ws = openpyxl.load_workbook(path, data_only=True).active
        self.notes = []

    def expect_cell(self, ref, want):
        got = self.ws[ref].value
        if got != want:
            self.notes.append(f"{ref}={got!r}")
            return False
        self.notes.append(f"{ref} ok")
        return True

    def run(self):
        checks = {"total": self.expect_cell("D9", 1200), "label": self.expect_cell("A9", "Total")}
        score = sum(1 for ok in checks.values() if ok) / len(checks)
        for name, ok in checks.items():
            print(f"CHECK {name} 1 {'PASS' if ok else 'FAIL'} {'; '.join(self.notes)}")
        return score


try:
    checker = Checker("/home/user/Documents/q.xlsx")
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)
print(f"REWARD: {checker.run():.3f}")
