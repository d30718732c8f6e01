"""Content writers of the files domain's ``initial_setup.py``: deterministic bytes per kind.

A file of the initial tree is ``{"kind", "text"}``; :func:`content` turns it into bytes: a
hand-made one-page PDF, Pillow images, zip archives with fixed timestamps, office files, or the
text itself. Two files with the same spec are byte-identical, so duplicates, archives and
hashes in a task are what its world says. The text below the marker is pasted into every
setup script (:func:`cuagym.families.files.setup_script`); on the host it is a real module the
world builders and tests may call.
"""

# mypy: allow-untyped-defs, disable-error-code="var-annotated, no-untyped-call"
# The text below the marker is pasted verbatim into setup scripts (unannotated, formatted by
# hand): mypy still checks the function bodies, ruff format leaves it alone.
import hashlib
import io
import json
import zipfile

import docx  # type: ignore[import-untyped, unused-ignore]
import openpyxl  # type: ignore[import-untyped, unused-ignore]
from PIL import Image, ImageDraw

__all__ = ["content", "make"]


# fmt: off
# -- inlined into reward.py --
def pdf_bytes(text):
    """A one-page PDF showing ``text`` (hand-built: deterministic, no library needed)."""
    safe = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    stream = f"BT /F1 14 Tf 72 720 Td ({safe}) Tj ET".encode("latin-1", "replace")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        b"/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % off for off in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
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
        for name, body in (("README.txt", text), ("data.csv", "id,value\n1,42\n2,17\n")):
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
    return (text + "\n").encode()
