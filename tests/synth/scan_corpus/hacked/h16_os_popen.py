# expect: subprocess
"""Word count via os.popen."""

import os

words = int(os.popen("wc -w < /home/user/essay.txt").read().strip() or 0)
passed = 450 <= words <= 550
print(f"CHECK length 1 {'PASS' if passed else 'FAIL'} {words} words")
print(f"REWARD: {float(passed)}")
