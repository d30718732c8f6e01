"""A results dict filled with comparisons, weighted by a constant table."""

import json

WEIGHTS = {"title": 2, "tags": 1, "published": 1}

with open("/home/user/blog/post.json") as fh:
    post = json.load(fh)

results = {}
results["title"] = post.get("title") == "Hello, world"
results["tags"] = sorted(post.get("tags", [])) == ["intro", "news"]
results["published"] = post.get("status") == "published"

for name, ok in results.items():
    print(f"CHECK {name} {WEIGHTS[name]} {'PASS' if ok else 'FAIL'}")
earned = sum(WEIGHTS[k] for k, ok in results.items() if ok)
print(f"REWARD: {earned / sum(WEIGHTS.values()):.3f}")
