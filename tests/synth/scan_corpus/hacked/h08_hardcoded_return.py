# expect: hardcoded_success
"""Meeting notes: compute_reward reads the file but returns a constant."""

from pathlib import Path


def compute_reward():
    text = Path("/home/user/notes/meeting.md").read_text()
    print(f"CHECK action_items 1 {'PASS' if '## Action items' in text else 'FAIL'}")
    return 1.0


if __name__ == "__main__":
    try:
        reward = compute_reward()
    except OSError:
        reward = 0.0
    print(f"REWARD: {reward}")
