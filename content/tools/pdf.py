"""Hand-built one-page PDFs (factsheets, customer stories) using only the standard library.

The PDF uses the standard Helvetica fonts, so it needs no embedded font and stays a few KB.
"""

import textwrap

PAGE_W, PAGE_H = 595, 842  # A4 in points
MARGIN = 56


def _ascii(s):
    table = {"\u2013": "-", "\u2014": "-", "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2022": "-"}
    s = "".join(table.get(c, c) for c in s)
    return s.encode("latin-1", "replace").decode("latin-1")


def _escape(s):
    return _ascii(s).replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def _content(title, subtitle, sections, footer):
    ops = []
    y = PAGE_H - MARGIN

    # A coloured band across the top, in the brand teal.
    ops.append(f"0.05 0.42 0.47 rg 0 {PAGE_H - 18} {PAGE_W} 18 re f")
    ops.append("0.1 0.1 0.12 rg")

    def line(text, font, size, indent=0):
        nonlocal y
        ops.append(f"BT /{font} {size} Tf {MARGIN + indent} {y} Td ({_escape(text)}) Tj ET")
        y -= size * 1.45

    line(title, "F2", 22)
    if subtitle:
        ops.append("0.05 0.42 0.47 rg")
        line(subtitle, "F1", 12)
        ops.append("0.1 0.1 0.12 rg")
    y -= 8
    for heading, body in sections:
        line(heading, "F2", 13)
        for para in body:
            bullet = para.startswith("- ")
            text = para[2:] if bullet else para
            wrapped = textwrap.wrap(_ascii(text), 86 if bullet else 90)
            for n, part in enumerate(wrapped):
                prefix = "- " if bullet and n == 0 else ("  " if bullet else "")
                line(prefix + part, "F1", 10.5, 8 if bullet else 0)
            y -= 3
        y -= 6
    ops.append("0.4 0.4 0.45 rg")
    ops.append(f"BT /F1 8.5 Tf {MARGIN} 36 Td ({_escape(footer)}) Tj ET")
    return "\n".join(ops).encode("latin-1")


def build(title, subtitle, sections, footer, created="D:20250301090000+11'00'"):
    """A one-page A4 PDF; `sections` is `[(heading, [paragraph or '- bullet', ...]), ...]`."""
    stream = _content(title, subtitle, sections, footer)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_W} {PAGE_H}] "
            "/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>"
        ).encode(),
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
        (
            f"<< /Title ({_escape(title)}) /Author (Supplysite Pty Ltd) /Producer (supplysite demo generator) "
            f"/CreationDate ({created}) >>"
        ).encode("latin-1"),
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n".encode()
    out += b"0000000000 65535 f \n"
    for off in offsets:
        out += f"{off:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
