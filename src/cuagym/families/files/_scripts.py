"""Source text of the files domain's three task scripts (standard library + Pillow only).

- ``initial_setup.py`` writes an embedded list of files (``FILES``: path under /home/user, kind
  of content, the text it carries, modification time) and empty folders (``DIRS``). Contents
  are built by small deterministic writers (a hand-made one-page PDF, Pillow images, zip
  archives with fixed timestamps), so two files with the same spec are byte-identical.
- ``golden_patch.py`` replays a list of file operations (``move``, ``copy``, ``delete``,
  ``mkdir``, ``zip``, ``unzip``, ``chmod``) on the tree setup wrote; moves and copies keep
  modification times, as a file manager does.
- ``reward.py`` is the shared reward frame (:mod:`cuagym.scripts`): the initial home's
  tree and the final one (``before``, ``after``: files by content hash, symlinks by target,
  folders) and the paths that changed (``changes``), one walk of /home/user (top-level hidden
  folders such as app settings are skipped) into ``files`` (relative path -> sha256, size,
  mtime, detected kind) and ``dirs``, then a family's flat check block, whose guard compares
  ``changes`` with the family's plan (:mod:`._reward_lib`).
"""

from __future__ import annotations

import json
from typing import Any

from cuagym.scripts import DESKTOP_LIBRARIES, doc_line, inlined_file
from cuagym.scripts import reward_script as compose_reward

__all__ = ["golden_script", "json_literal", "reward_script", "setup_script"]

REWARD_HELPERS = inlined_file("cuagym.apps.files", "_reward_lib.py")


def json_literal(value: Any) -> str:
    """A Python expression that evaluates to ``value``: readable JSON in a raw string."""
    text = json.dumps(value, indent=1, ensure_ascii=False, sort_keys=True)
    if "'''" in text or text.endswith("\\"):
        return f"json.loads({text!r})"
    return f"json.loads(r'''{text}''')"


def _spec_lines(files: list[dict[str, Any]]) -> str:
    return "".join(f"    {json.dumps(f, ensure_ascii=False, sort_keys=True)},\n" for f in files)


_WRITERS = '''
def pdf_bytes(text):
    """A one-page PDF showing ``text`` (hand-built: deterministic, no library needed)."""
    safe = text.replace("\\\\", "\\\\\\\\").replace("(", "\\\\(").replace(")", "\\\\)")
    stream = f"BT /F1 14 Tf 72 720 Td ({safe}) Tj ET".encode("latin-1", "replace")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        b"/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
        b"<< /Length %d >>\\nstream\\n" % len(stream) + stream + b"\\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out, offsets = bytearray(b"%PDF-1.4\\n"), []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\\n" % i + body + b"\\nendobj\\n"
    xref = len(out)
    out += b"xref\\n0 %d\\n0000000000 65535 f \\n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \\n" % off for off in offsets)
    out += b"trailer\\n<< /Size %d /Root 1 0 R >>\\nstartxref\\n%d\\n%%%%EOF\\n" % (
        len(objects) + 1, xref)
    return bytes(out)


def image_bytes(text, fmt):
    """A small picture whose colours derive from ``text`` (same text, same bytes)."""
    seed = int(hashlib.sha256(text.encode()).hexdigest()[:12], 16)
    img = Image.new("RGB", (160, 120), (seed % 256, seed // 256 % 256, seed // 65536 % 256))
    draw = ImageDraw.Draw(img)
    for i in range(4):
        x, y = (seed >> (8 + 4 * i)) % 120, (seed >> (24 + 3 * i)) % 80
        draw.rectangle([x, y, x + 30, y + 30], fill=((seed >> i) % 256, 90, 200 - 30 * i))
    buf = io.BytesIO()
    img.save(buf, format=fmt)
    return buf.getvalue()


def zip_bytes(text):
    """A zip archive holding two small text members (fixed timestamps: deterministic)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, body in (("README.txt", text), ("data.csv", "id,value\\n1,42\\n2,17\\n")):
            zf.writestr(zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0)), body)
    return buf.getvalue()


def office_bytes(kind, text):
    buf = io.BytesIO()
    if kind == "sheet":  # text: {"title": sheet name, "rows": [[...], ...]}
        spec = json.loads(text)
        wb = openpyxl.Workbook()
        wb.active.title = spec["title"]
        for row in spec["rows"]:
            wb.active.append(row)
        for col, width in (("A", 24), ("B", 40)):
            wb.active.column_dimensions[col].width = width
        wb.save(buf)
    elif kind == "xlsx":
        wb = openpyxl.Workbook()
        wb.active.append(["Item", "Amount"])
        for i, word in enumerate(text.split()[:8], start=1):
            wb.active.append([word, i * 125])
        wb.save(buf)
    else:
        doc = docx.Document()
        doc.add_heading(text.split(".")[0], level=1)
        doc.add_paragraph(text)
        doc.save(buf)
    return buf.getvalue()


MADE = {}  # (kind, text) -> bytes: equal specs give byte-identical files (office files
#           would otherwise differ in their creation timestamps)


def content(spec):
    key = (spec["kind"], spec["text"])
    if key not in MADE:
        MADE[key] = make(*key)
    return MADE[key]


def make(kind, text):
    if kind == "pdf":
        return pdf_bytes(text)
    if kind in ("png", "jpg"):
        return image_bytes(text, "PNG" if kind == "png" else "JPEG")
    if kind == "zip":
        return zip_bytes(text)
    if kind in ("xlsx", "docx", "sheet"):
        return office_bytes(kind, text)
    return (text + "\\n").encode()
'''


def setup_script(task_id: str, files: list[dict[str, Any]], dirs: list[str]) -> str:
    """``files``: ``{"path", "kind", "text", "mtime"}`` (path under /home/user, ISO mtime)."""
    return (
        f'"""initial_setup.py for {task_id}: write the folders and files the task starts from."""\n'
        "import datetime\n"
        "import hashlib\n"
        "import io\n"
        "import json\n"
        "import os\n"
        "import zipfile\n\n"
        "import docx\n"
        "import openpyxl\n"
        "from PIL import Image, ImageDraw\n\n"
        'HOME = "/home/user"\n'
        f"DIRS = {dirs!r}\n"
        f"FILES = [\n{_spec_lines(files)}]\n"
        + _WRITERS
        + """

for folder in DIRS:
    os.makedirs(os.path.join(HOME, folder), exist_ok=True)
for spec in FILES:
    path = os.path.join(HOME, spec["path"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(content(spec))
    if "mode" in spec:  # permission bits in octal, e.g. "644"
        os.chmod(path, int(spec["mode"], 8))
    stamp = datetime.datetime.fromisoformat(spec["mtime"]).timestamp()
    os.utime(path, (stamp, stamp))
print(len(FILES), "files written")
"""
    )


def golden_script(task_id: str, ops: list[list[str]]) -> str:
    """Replay ``ops`` (``[op, a, b]``, paths under /home/user) like a file manager would."""
    lines = "".join(f"    {json.dumps(op, ensure_ascii=False)},\n" for op in ops)
    return (
        f'"""golden_patch.py for {task_id}: file operations on the tree setup wrote."""\n'
        "import os\n"
        "import shutil\n"
        "import zipfile\n\n"
        'HOME = "/home/user"\n'
        f"OPS = [\n{lines}]\n"
        + """
for op, a, b in OPS:
    src, dst = os.path.join(HOME, a), os.path.join(HOME, b) if b and op != "chmod" else ""
    if op == "mkdir":
        os.makedirs(src, exist_ok=True)
    elif op == "delete":
        os.remove(src)
    elif op == "move":
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.move(src, dst)  # a rename on one file system: the mtime stays
    elif op == "copy":
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)  # copy2 keeps the mtime, as file managers do
    elif op == "chmod":  # b: the permission bits in octal
        os.chmod(src, int(b, 8))
    elif op == "unzip":  # extract archive a into folder b (made if missing)
        os.makedirs(dst, exist_ok=True)
        with zipfile.ZipFile(src) as zf:
            zf.extractall(dst)
    elif op == "zip":  # archive folder a as b, entries under the folder's own name
        top = os.path.dirname(src)
        with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zf:
            for root, dnames, fnames in os.walk(src):
                dnames.sort()
                for name in sorted(fnames):
                    full = os.path.join(root, name)
                    zf.write(full, os.path.relpath(full, top))
    else:
        raise SystemExit("unknown op " + op)
"""
    )


_REWARD_READ = """
start = initial_home()
before = tree(start)  # the home as setup left it: path -> (kind, sha256 / link target)
after = tree(HOME)
changes = tree_changes(before, after, start, HOME)
files = {}  # path relative to HOME -> {"sha", "size", "mtime", "kind"}
dirs = set()
for root, dnames, fnames in os.walk(HOME):
    rel = os.path.relpath(root, HOME).replace(os.sep, "/")
    if rel == ".":
        rel = ""
        dnames[:] = [d for d in dnames if not d.startswith(".")]  # trash, app state
    for d in dnames:
        dirs.add(d if not rel else rel + "/" + d)
    for f in fnames:
        full = os.path.join(root, f)
        with open(full, "rb") as fh:
            data = fh.read()
        files[f if not rel else rel + "/" + f] = {
            "sha": hashlib.sha256(data).hexdigest(),
            "size": len(data),
            "mtime": os.stat(full).st_mtime,
            "kind": kind_of(data[:8]),
        }
"""


def reward_script(
    task_id: str, instruction: str, params: dict[str, Any], body: str, imports: str = ""
) -> str:
    """The shared reward frame around ``body`` (checks over ``files``, ``dirs``, ``before``,
    ``after``, ``changes``, ``start``, ``P``, ``checks``): the initial and the final tree and
    what changed between them, one walk of /home/user; an unreadable home, or a runner that
    gave no initial home, scores 0."""
    return compose_reward(
        header=f'"""reward.py for {task_id}.\n\nTask: {doc_line(instruction)}\n"""',
        imports="import hashlib\nimport json\nimport os\nimport zipfile\n" + imports,
        libraries=[*DESKTOP_LIBRARIES, REWARD_HELPERS],
        constants=f"P = {json_literal(params)}",
        read=_REWARD_READ,
        body=body,
    )
