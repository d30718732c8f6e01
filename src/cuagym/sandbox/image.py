"""``python -m cuagym.sandbox.image build|check|path [--dest DIR] [--force]``: the env image.

A thin command over :mod:`cuagym.sandbox._image`, runnable before the ``cuagym`` CLI exists
(the Makefile calls it). ``build`` is idempotent: an up-to-date image is kept as is.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cuagym.sandbox._image import (
    REQUIREMENTS,
    ImageError,
    build_image,
    check_image,
    image_dir,
    is_current,
    spec_hash,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cuagym.sandbox.image")
    parser.add_argument("command", choices=["build", "check", "path"])
    parser.add_argument("--dest", type=Path, default=None, help="image folder")
    parser.add_argument("--force", action="store_true", help="rebuild even when up to date")
    parser.add_argument("--uid", type=int, default=1000, help="uid that must be able to use it")
    parser.add_argument(
        "--extra",
        action="append",
        default=[],
        metavar="REQ",
        help="another requirement for the image (repeatable), e.g. --extra 'pandas>=2.1'",
    )
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args(argv)
    root = image_dir(args.dest)
    requirements = (*REQUIREMENTS, *args.extra)
    try:
        if args.command == "path":
            print(root)
        elif args.command == "check":
            if not is_current(root, requirements):
                want = spec_hash(requirements=requirements)
                print(f"image at {root} is missing or stale (want {want})", file=sys.stderr)
                return 1
            check_image(root, args.uid)
            print(f"image at {root} is current and usable by uid {args.uid}")
        else:
            fresh = is_current(root, requirements) and not args.force
            build_image(
                root,
                force=args.force,
                requirements=requirements,
                check_uid=args.uid,
                quiet=args.quiet,
            )
            print(f"image {'up to date' if fresh else 'built'} at {root}")
    except ImageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
