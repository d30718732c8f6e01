# expect: existence_only
"""Save the chart image: an unbound Path.is_file on the expected path decides."""

import pathlib

TARGET = pathlib.Path("/home/user/Pictures/chart.png")


class Checks:
    def saved(self):
        return pathlib.Path.is_file(TARGET)


score = 1.0 if Checks().saved() else 0.0
print(f"CHECK saved 1 {'PASS' if score else 'FAIL'}")
print(f"REWARD: {score}")
