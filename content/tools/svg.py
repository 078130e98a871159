"""Small, hand-written SVG illustrations: hero images, logos, product icons, diagrams.

Shapes are derived from a seeded generator so every run writes the same bytes.
"""

import hashlib
import random
from xml.sax.saxutils import escape

FONT = "Helvetica,Arial,sans-serif"

PALETTES = {
    "teal": ("#0b6b78", "#13a3a8", "#e8f6f5", "#f2b134"),
    "navy": ("#1d2f5a", "#3c6fd1", "#eaf0fb", "#f08a4b"),
    "green": ("#23613b", "#4caf6d", "#ecf7ef", "#e7c23a"),
    "plum": ("#4b2a5e", "#8e5bb5", "#f3ecf8", "#3fc1c9"),
    "rust": ("#7a3418", "#d0693a", "#fbefe8", "#2c8c99"),
    "slate": ("#2f3b45", "#5d7a8c", "#eef2f4", "#e4572e"),
}


def _rng(key):
    return random.Random(int(hashlib.sha256(key.encode()).hexdigest()[:16], 16))


def _svg(width, height, body, label):
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label, {chr(34): "&quot;"})}">'
        f"<title>{escape(label)}</title>{body}</svg>\n"
    ).encode()


def _wrap(text, limit):
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > limit:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        lines.append(line)
    return lines


def hero(key, title, palette="teal", kicker="Insight", width=1200, height=630):
    """A hero banner: gradient, a network motif and the title."""
    dark, mid, light, accent = PALETTES[palette]
    rng = _rng(key)
    parts = [
        f'<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="{dark}"/><stop offset="1" stop-color="{mid}"/></linearGradient></defs>',
        f'<rect width="{width}" height="{height}" fill="url(#g)"/>',
    ]
    nodes = sorted((rng.randint(width - 420, width - 40), rng.randint(40, height - 40)) for _ in range(9))
    for (x1, y1), (x2, y2) in zip(nodes, nodes[1:]):
        parts.append(f'<path d="M{x1} {y1}L{x2} {y2}" stroke="{light}" stroke-opacity=".35" stroke-width="2"/>')
    for n, (x, y) in enumerate(nodes):
        r = rng.randint(8, 26)
        fill = accent if n % 4 == 0 else light
        parts.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" fill-opacity="{0.9 if n % 4 == 0 else 0.5}"/>')
    parts.append(f'<rect x="64" y="96" width="72" height="8" rx="4" fill="{accent}"/>')
    parts.append(
        f'<text x="64" y="150" font-family="{FONT}" font-size="26" fill="{light}" '
        f'letter-spacing="3">{escape(kicker.upper())}</text>'
    )
    for n, line in enumerate(_wrap(title, 26)[:4]):
        parts.append(
            f'<text x="64" y="{228 + n * 64}" font-family="{FONT}" font-size="52" '
            f'font-weight="700" fill="#fff">{escape(line)}</text>'
        )
    return _svg(width, height, "".join(parts), title)


def logo(name, palette="navy", width=320, height=120):
    """A customer or product logo: an emblem and the name."""
    dark, mid, _light, accent = PALETTES[palette]
    rng = _rng(name)
    initials = "".join(w[0] for w in name.split() if w[0].isupper())[:2]
    shape = rng.choice(["circle", "hex", "leaf"])
    if shape == "circle":
        emblem = f'<circle cx="56" cy="60" r="38" fill="{dark}"/><circle cx="86" cy="30" r="11" fill="{accent}"/>'
    elif shape == "hex":
        emblem = f'<path d="M56 20l35 20v40l-35 20-35-20V40z" fill="{dark}"/><path d="M56 38l18 10v22l-18 10z" fill="{accent}"/>'
    else:
        emblem = f'<path d="M20 96C20 50 50 22 94 22c0 44-28 74-74 74z" fill="{dark}"/><path d="M30 86L80 34" stroke="{accent}" stroke-width="5"/>'
    emblem += (
        f'<text x="56" y="68" font-family="{FONT}" font-size="22" font-weight="700" fill="#fff" '
        f'text-anchor="middle">{escape(initials)}</text>'
    )
    lines = _wrap(name, 18)[:3]
    top = 60 - (len(lines) - 1) * 11 + 6
    words = "".join(
        f'<text x="108" y="{top + n * 22}" font-family="{FONT}" font-size="18" font-weight="{700 if n == 0 else 400}" '
        f'fill="{dark if n == 0 else mid}">{escape(line)}</text>'
        for n, line in enumerate(lines)
    )
    return _svg(width, height, f'<rect width="{width}" height="{height}" fill="#fff"/>{emblem}{words}', f"{name} logo")


def icon(tag, label, palette="teal", size=96):
    """A square product icon with the module's short name."""
    dark, mid, light, accent = PALETTES[palette]
    body = (
        f'<rect width="{size}" height="{size}" rx="20" fill="{dark}"/>'
        f'<path d="M0 {size * 0.7}Q{size / 2} {size * 0.5} {size} {size * 0.72}V{size - 20}a20 20 0 0 1-20 20H20a20 20 0 0 1-20-20z" fill="{mid}"/>'
        f'<circle cx="{size - 22}" cy="22" r="7" fill="{accent}"/>'
        f'<text x="{size / 2}" y="{size / 2 + 6}" font-family="{FONT}" font-size="{22 if len(tag) < 5 else 17}" '
        f'font-weight="700" fill="{light}" text-anchor="middle">{escape(tag)}</text>'
    )
    return _svg(size, size, body, label)


def steps(title, labels, palette="teal", width=960, height=360):
    """A left-to-right process diagram."""
    dark, mid, light, accent = PALETTES[palette]
    n = len(labels)
    gap = 24
    box = (width - 80 - gap * (n - 1)) / n
    parts = [
        f'<rect width="{width}" height="{height}" fill="{light}"/>',
        f'<text x="40" y="56" font-family="{FONT}" font-size="26" font-weight="700" fill="{dark}">{escape(title)}</text>',
    ]
    for i, label in enumerate(labels):
        x = 40 + i * (box + gap)
        fill = dark if i % 2 == 0 else mid
        parts.append(f'<rect x="{x:.0f}" y="110" width="{box:.0f}" height="150" rx="14" fill="{fill}"/>')
        parts.append(
            f'<circle cx="{x + 28:.0f}" cy="138" r="16" fill="{accent}"/>'
            f'<text x="{x + 28:.0f}" y="144" font-family="{FONT}" font-size="16" font-weight="700" fill="{dark}" '
            f'text-anchor="middle">{i + 1}</text>'
        )
        for k, line in enumerate(_wrap(label, max(8, int(box / 11)))[:3]):
            parts.append(
                f'<text x="{x + 16:.0f}" y="{190 + k * 22}" font-family="{FONT}" font-size="17" fill="#fff">{escape(line)}</text>'
            )
        if i < n - 1:
            ax = x + box + 4
            parts.append(f'<path d="M{ax:.0f} 185l{gap - 8} 0m-6-6l6 6-6 6" stroke="{dark}" stroke-width="3" fill="none"/>')
    return _svg(width, height, "".join(parts), f"{title}: {', '.join(labels)}")


def bars(title, series, unit="", palette="navy", width=960, height=420):
    """A horizontal bar chart of `[(label, value), ...]`."""
    dark, mid, light, accent = PALETTES[palette]
    top = max(v for _, v in series)
    parts = [
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
        f'<text x="40" y="56" font-family="{FONT}" font-size="26" font-weight="700" fill="{dark}">{escape(title)}</text>',
    ]
    row = (height - 110) / len(series)
    for i, (label, value) in enumerate(series):
        y = 90 + i * row
        w = (width - 360) * value / top
        parts.append(f'<text x="40" y="{y + row / 2 + 6:.0f}" font-family="{FONT}" font-size="17" fill="{dark}">{escape(label)}</text>')
        parts.append(f'<rect x="260" y="{y + 8:.0f}" width="{w:.0f}" height="{row - 16:.0f}" rx="6" fill="{accent if i == 0 else mid}"/>')
        parts.append(
            f'<text x="{270 + w:.0f}" y="{y + row / 2 + 6:.0f}" font-family="{FONT}" font-size="17" '
            f'font-weight="700" fill="{dark}">{value:g}{escape(unit)}</text>'
        )
    alt = f"{title}: " + "; ".join(f"{label} {value:g}{unit}" for label, value in series)
    return _svg(width, height, "".join(parts), alt)


def scene(key, caption, palette="green", width=800, height=500):
    """A simple illustrative scene (skyline, hills, a path of milestones) with a caption."""
    dark, mid, light, accent = PALETTES[palette]
    rng = _rng(key)
    parts = [f'<rect width="{width}" height="{height}" fill="{light}"/>']
    x = 0
    while x < width:
        w = rng.randint(40, 90)
        h = rng.randint(80, 240)
        parts.append(f'<rect x="{x}" y="{height - 120 - h}" width="{w - 6}" height="{h}" fill="{mid}" fill-opacity=".55"/>')
        x += w
    parts.append(f'<path d="M0 {height - 150}Q{width * 0.3} {height - 230} {width * 0.6} {height - 160}T{width} {height - 170}V{height}H0z" fill="{dark}"/>')
    for i in range(5):
        cx = 90 + i * (width - 180) / 4
        parts.append(f'<circle cx="{cx:.0f}" cy="{height - 70}" r="12" fill="{accent}"/>')
    parts.append(f'<path d="M90 {height - 70}H{width - 90}" stroke="{accent}" stroke-width="4" stroke-dasharray="10 8"/>')
    parts.append(
        f'<text x="40" y="60" font-family="{FONT}" font-size="30" font-weight="700" fill="{dark}">{escape(caption)}</text>'
    )
    return _svg(width, height, "".join(parts), caption)
