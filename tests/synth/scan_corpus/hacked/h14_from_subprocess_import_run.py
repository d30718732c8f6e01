# expect: subprocess
"""pdftotext through `from subprocess import check_output as co`."""

from subprocess import check_output as co

text = co(["pdftotext", "/home/user/thesis.pdf", "-"]).decode()
score = 0
if "Abstract" in text:
    score += 1
if "References" in text:
    score += 1
print(f"REWARD: {score / 2}")
