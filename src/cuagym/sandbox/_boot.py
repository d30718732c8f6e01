"""In-jail init for runs that reach the hub: ``boot.py NPROC PORT SOCKET -- ARGV...``.

Runs inside the sandbox (system Python, ``-I -S``: a few milliseconds), then becomes the script:

1. lowers RLIMIT_NPROC. bwrap had to be started with it unlimited: the limit of the process
   that creates a user namespace becomes that namespace's cap on the *host* uid's total, which
   every sandbox shares. Lowered here, it counts only this sandbox's user namespace;
2. binds 127.0.0.1:PORT in the jail's own network namespace *before* the script starts (so the
   script never races the listener) and forks a relay: each TCP connection is piped to SOCKET,
   a Unix socket whose other end, outside, connects only to the hub;
3. execs ARGV. When it exits, bwrap's PID 1 exits and the kernel kills the relay with the rest
   of the PID namespace.

Standard library only; copied into the environment's state root, never imported.
"""

from __future__ import annotations

import contextlib
import os
import resource
import selectors
import socket
import sys


def relay(listener: socket.socket, target: str) -> None:
    sel = selectors.DefaultSelector()
    peers: dict[socket.socket, socket.socket] = {}
    done: set[socket.socket] = set()  # sides that reached end of file
    sel.register(listener, selectors.EVENT_READ)
    while True:
        for key, _ in sel.select():
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            if sock is listener:
                _accept(listener, target, sel, peers)
                continue
            other = peers[sock]
            try:
                data = sock.recv(65536)
                if data:
                    other.sendall(data)
                    continue
                other.shutdown(socket.SHUT_WR)  # half-close: the peer may still answer
            except OSError:
                done.add(other)  # broken: close both sides now
            done.add(sock)
            sel.unregister(sock)
            if other in done:
                for s in (sock, other):
                    with contextlib.suppress(KeyError):
                        sel.unregister(s)
                    peers.pop(s, None)
                    done.discard(s)
                    s.close()


def _accept(
    listener: socket.socket,
    target: str,
    sel: selectors.BaseSelector,
    peers: dict[socket.socket, socket.socket],
) -> None:
    client, _addr = listener.accept()
    upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        upstream.connect(target)
    except OSError:
        client.close()
        upstream.close()
        return
    peers[client], peers[upstream] = upstream, client
    sel.register(client, selectors.EVENT_READ)
    sel.register(upstream, selectors.EVENT_READ)


def main() -> None:
    nproc, port, target = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    argv = sys.argv[sys.argv.index("--") + 1 :]
    resource.setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(64)
    if os.fork() == 0:
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)  # the relay must not hold the run's output pipes open
        try:
            relay(listener, target)
        finally:
            os._exit(0)
    listener.close()
    os.execvp(argv[0], argv)


if __name__ == "__main__":
    main()
