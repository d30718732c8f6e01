# expect: subprocess
"""Spawns a helper process with multiprocessing and pty."""

import multiprocessing
import pty


def probe(queue):
    queue.put(open("/home/user/status.txt").read())  # noqa: SIM115


q = multiprocessing.Queue()
worker = multiprocessing.Process(target=probe, args=(q,))
worker.start()
worker.join()
pty.spawn(["true"])
status = q.get()
print(f"REWARD: {1.0 if status.strip() == 'done' else 0.0}")
