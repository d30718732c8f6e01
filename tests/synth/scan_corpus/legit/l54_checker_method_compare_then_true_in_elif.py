# expect:
"""A checker method compares in an if/elif chain and returns constants in each branch."""

import csv


class CsvCheck:
    def __init__(self, path):
        with open(path, newline="", encoding="utf-8") as fh:
            self.rows = list(csv.DictReader(fh))

    def amounts_ok(self):
        if not self.rows:
            return False
        elif any(r.get("amount", "").strip() == "" for r in self.rows):
            return False
        elif sum(float(r["amount"]) for r in self.rows) != 1240.5:
            return False
        return True

    def has_column(self, name):
        return bool(self.rows) and name in self.rows[0]


check = CsvCheck("/home/user/Documents/expenses.csv")
ok_amounts = check.amounts_ok()
ok_column = check.has_column("category")
print(f"CHECK amounts 2 {'PASS' if ok_amounts else 'FAIL'}")
print(f"CHECK column 1 {'PASS' if ok_column else 'FAIL'}")
print(f"REWARD: {(2 * ok_amounts + ok_column) / 3}")
