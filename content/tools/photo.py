"""Photographs for the demo space: camera-sized JPEGs and PNG cut-outs with transparency.

They have the statistics of photographs so that image encoders are measured honestly: smooth
gradients (sky and ground), shapes with soft edges, texture at several scales, per-pixel sensor
noise and a subject in the middle. Everything comes from a random generator seeded by the
asset's key and from exact operations only (integer noise, additions and products, Pillow's
resampling and blurs, libjpeg-turbo's integer DCT), so the same pinned Pillow and numpy write
the same bytes on every machine. No transcendental function is evaluated by numpy, whose
vectorised implementations differ between CPUs.

Pillow and numpy are installed by scripts/setup.sh at the versions pinned here.
"""

import hashlib
import io
import os
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

# The versions the committed export.json was written with: others may write other bytes.
PILLOW = "12.0.0"
NUMPY = "2.4.6"

# The size of a camera's picture as editors upload it.
WIDTH, HEIGHT = 2400, 1600
QUALITY = 88
# The size of a cut-out product shot (PNG with transparency).
CUTOUT = (1600, 1200)

# Sky top, sky at the horizon, ground near, ground far, subject, accent (RGB).
PALETTES = {
    "teal": ((38, 96, 140), (196, 220, 226), (52, 84, 58), (120, 140, 96), (14, 116, 120), (240, 170, 60)),
    "navy": ((22, 40, 92), (170, 186, 214), (60, 62, 70), (118, 120, 126), (28, 52, 112), (230, 120, 60)),
    "green": ((70, 120, 170), (214, 226, 210), (58, 96, 40), (150, 168, 90), (40, 110, 60), (250, 210, 80)),
    "plum": ((74, 44, 96), (236, 190, 170), (70, 50, 60), (150, 110, 100), (110, 50, 100), (250, 200, 120)),
    "rust": ((60, 100, 150), (250, 214, 170), (120, 70, 40), (190, 140, 90), (170, 80, 40), (60, 120, 160)),
    "slate": ((80, 96, 112), (200, 206, 210), (70, 74, 72), (140, 140, 130), (60, 70, 84), (220, 90, 70)),
    "gold": ((90, 130, 180), (252, 228, 180), (110, 90, 40), (200, 170, 100), (190, 140, 40), (40, 90, 120)),
}


def versions_ok():
    """Whether the installed Pillow and numpy are the pinned ones."""
    import PIL

    return PIL.__version__ == PILLOW and np.__version__ == NUMPY


def _rng(key):
    return np.random.default_rng(int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big"))


def _field(rng, w, h, cells_x, cells_y):
    """Smooth random values in [0, 1]: a coarse grid of random numbers scaled up bicubically."""
    small = rng.integers(0, 65536, size=(cells_y, cells_x)).astype(np.float32) / np.float32(65535)
    big = Image.fromarray(small, mode="F").resize((w, h), Image.Resampling.BICUBIC)
    return np.clip(np.asarray(big, dtype=np.float32), 0, 1)


def _texture(rng, w, h):
    """Texture at several scales (foliage, grain of walls, clouds), centred on zero."""
    out = np.zeros((h, w), dtype=np.float32)
    for cells, weight in [(6, 0.5), (24, 0.25), (96, 0.14), (384, 0.08)]:
        out += (_field(rng, w, h, cells, max(2, cells * h // w)) - np.float32(0.5)) * np.float32(weight)
    return out


def _mix(a, b, t):
    """Colours `a` and `b` blended by `t` (an array in [0, 1]), as an (h, w, 3) array."""
    a = np.asarray(a, dtype=np.float32)
    b = np.asarray(b, dtype=np.float32)
    return a + (b - a) * t[..., None]


def _soft_mask(w, h, draw, blur, scale=4):
    """A mask drawn at a quarter of the size by `draw(ImageDraw, s)`, scaled up and blurred."""
    small = Image.new("L", (w // scale, h // scale), 0)
    draw(ImageDraw.Draw(small), scale)
    big = small.resize((w, h), Image.Resampling.BILINEAR).filter(ImageFilter.GaussianBlur(blur))
    return np.asarray(big, dtype=np.float32) / np.float32(255)


def _scene(rng, w, h, palette):
    """Sky, hills, a soft subject in the middle and texture, as float RGB (0-255)."""
    sky_top, sky_low, ground_near, ground_far, subject, accent = PALETTES[palette]
    horizon = int(h * (0.5 + 0.15 * rng.random()))
    y = np.arange(h, dtype=np.float32)[:, None] * np.ones((1, w), dtype=np.float32)
    # Sky: a vertical gradient with clouds.
    t_sky = np.clip(y / np.float32(horizon), 0, 1)
    img = _mix(sky_top, sky_low, t_sky * t_sky)
    clouds = np.clip(_field(rng, w, h, 9, 5) * np.float32(1.6) - np.float32(0.7), 0, 1)
    img += (np.float32(245) - img) * (clouds * np.float32(0.6) * (np.float32(1) - t_sky))[..., None]
    # Hills: a ridge line from a smooth random profile, ground shaded towards the viewer.
    ridge = _field(rng, w, 1, 7, 2)[0] * np.float32(h * 0.18) + np.float32(horizon - h * 0.08)
    ground = np.clip((y - ridge[None, :]) / np.float32(6), 0, 1)
    t_ground = np.clip((y - ridge[None, :]) / np.float32(h - horizon + h * 0.08), 0, 1)
    ground_colour = _mix(ground_far, ground_near, t_ground)
    img += (ground_colour - img) * ground[..., None]
    # Trees or buildings along the ridge: soft dark blobs.
    def blobs(d, s):
        for _ in range(int(rng.integers(14, 26))):
            x = int(rng.integers(0, w))
            top = int(ridge[min(x, w - 1)])
            r = int(rng.integers(h // 60, h // 22))
            d.ellipse([(x - r) // s, (top - 2 * r) // s, (x + r) // s, (top + r // 2) // s], fill=int(rng.integers(120, 230)))

    trees = _soft_mask(w, h, blobs, 3)
    img += (np.asarray(ground_near, dtype=np.float32) * np.float32(0.55) - img) * (trees * np.float32(0.8))[..., None]
    # The subject: a rounded body in the middle with a lit accent, soft edged.
    cx, cy = w // 2 + int(rng.integers(-w // 12, w // 12)), horizon + h // 10
    bw, bh = int(w * (0.12 + 0.08 * rng.random())), int(h * (0.32 + 0.12 * rng.random()))

    def body(d, s):
        d.rounded_rectangle([(cx - bw // 2) // s, (cy - bh) // s, (cx + bw // 2) // s, (cy + bh // 5) // s], radius=bw // (3 * s), fill=255)
        d.ellipse([(cx - bw // 3) // s, (cy - bh - bw * 2 // 3) // s, (cx + bw // 3) // s, (cy - bh + bw // 6) // s], fill=255)

    def light(d, s):
        d.ellipse([(cx - bw // 5) // s, (cy - bh * 3 // 4) // s, (cx + bw // 2) // s, (cy - bh // 6) // s], fill=255)

    shadow = _soft_mask(w, h, lambda d, s: d.ellipse([(cx - bw) // s, (cy + bh // 8) // s, (cx + bw) // s, (cy + bh // 3) // s], fill=140), 24)
    img *= (np.float32(1) - shadow * np.float32(0.5))[..., None]
    mask = _soft_mask(w, h, body, 4)
    shade = np.clip((y - np.float32(cy - bh)) / np.float32(bh * 1.4), 0, 1)
    img += (_mix(subject, np.asarray(subject, dtype=np.float32) * np.float32(0.45), shade) - img) * mask[..., None]
    glow = _soft_mask(w, h, light, 30) * mask
    img += (np.asarray(accent, dtype=np.float32) - img) * (glow * np.float32(0.55))[..., None]
    return img, mask


def _upscale(a, w, h):
    """A float plane scaled up bicubically to (w, h)."""
    return np.asarray(Image.fromarray(np.ascontiguousarray(a), mode="F").resize((w, h), Image.Resampling.BICUBIC), dtype=np.float32)


def _drawn(rng, w, h, palette):
    """The scene drawn at half size (it is smooth) and scaled up: colour planes and the subject's mask."""
    img, mask = _scene(rng, w // 2, h // 2, palette)
    planes = np.dstack([_upscale(img[..., c], w, h) for c in range(3)])
    return planes, np.clip(_upscale(mask, w, h), 0, 1)


def _finish(rng, img, w, h):
    """Texture, vignette and sensor noise; clipped to 8 bits."""
    tex = _texture(rng, w, h)
    img *= (np.float32(1) + tex * np.float32(0.35))[..., None]
    # Vignette from squared distances (no transcendental functions).
    xs = (np.arange(w, dtype=np.float32) - np.float32(w / 2)) / np.float32(w / 2)
    ys = (np.arange(h, dtype=np.float32) - np.float32(h / 2)) / np.float32(h / 2)
    d2 = xs[None, :] * xs[None, :] + ys[:, None] * ys[:, None]
    img *= (np.float32(1) - d2 * np.float32(0.18))[..., None]
    # Sensor noise: the sum of two uniform integers (triangular, -9..9), a little stronger in
    # the dark, and some shared between the channels (luminance noise).
    luma = rng.integers(-5, 6, size=(h, w), dtype=np.int16) + rng.integers(-4, 5, size=(h, w), dtype=np.int16)
    chroma = rng.integers(-3, 4, size=(h, w, 3), dtype=np.int16)
    dark = np.float32(1.4) - img.mean(axis=2, dtype=np.float32) / np.float32(400)
    img += (luma.astype(np.float32) * dark)[..., None] + chroma.astype(np.float32)
    return np.clip(img + np.float32(0.5), 0, 255).astype(np.uint8)


# Photographs made ahead by `made_ahead`, by what was asked: (kind, key, palette, size).
_AHEAD = {}
# While `made_ahead` lists what a build asks for: the asks, in order (None otherwise).
_ASKED = None


def made_ahead(build):
    """Makes every photograph `build()` asks for at once, one process per core, then returns
    `build()`, which takes them from memory.

    A photograph takes a second or two of one core and the demo has dozens; the generator itself
    is quick. So `build()` runs twice: first with placeholders (distinct per ask, so every path
    stays distinct), only to learn what it asks for, then for real. The bytes are those of a
    single process: each photograph depends only on its arguments.
    """
    global _ASKED
    _ASKED = []
    try:
        build()
        asks = list(dict.fromkeys(_ASKED))
    finally:
        _ASKED = None
    import multiprocessing

    kept = {ask: _kept(ask) for ask in asks}
    _AHEAD.update({ask: made for ask, made in kept.items() if made is not None})
    todo = [ask for ask in asks if ask not in _AHEAD]
    workers = max(1, min(len(todo), os.cpu_count() or 1))
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            _AHEAD.update(zip(todo, pool.map(_make, todo, chunksize=1)))
    else:
        _AHEAD.update((ask, _make(ask)) for ask in todo)
    for ask in todo:
        _keep(ask, _AHEAD[ask])
    try:
        return build()
    finally:
        _AHEAD.clear()


# Photographs made before, by a digest of what they were made from (the ask, this file and the
# installed versions): `make demo-photos` and the demo's own tests (which write the whole space
# again to compare it with the committed one) make the same photographs, so the second finds
# them here. Git-ignored, under the build folder; removing it only costs the time to remake.
CACHE = Path(__file__).resolve().parents[2] / "target" / "demo-photos"


def _cache_path(ask):
    digest = hashlib.sha256(repr(ask).encode())
    digest.update(Path(__file__).read_bytes())
    import PIL

    digest.update(f"{PIL.__version__} {np.__version__}".encode())
    return CACHE / digest.hexdigest()


def _kept(ask):
    """The photograph made before for `ask`, or None."""
    try:
        return _cache_path(ask).read_bytes()
    except OSError:
        return None


def _keep(ask, made):
    """Keeps `made` for the next build that asks for it (written whole, then renamed)."""
    path = _cache_path(ask)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(f".{os.getpid()}.part")
        part.write_bytes(made)
        part.replace(path)
    except OSError:
        pass  # only a cache: the next build makes it again


def _make(ask):
    kind, key, palette, size = ask
    return (_jpeg if kind == "jpeg" else _cutout)(key, palette, size)


def _asked(kind, key, palette, size, make):
    ask = (kind, key, palette, tuple(size))
    if _ASKED is not None:
        _ASKED.append(ask)
        return repr(ask).encode()
    made = _AHEAD.get(ask)
    return made if made is not None else make(key, palette, size)


def jpeg(key, palette, size=(WIDTH, HEIGHT)):
    """A landscape photograph as JPEG bytes (4:2:0, no metadata), deterministic in `key`."""
    return _asked("jpeg", key, palette, size, _jpeg)


def cutout(key, palette, size=CUTOUT):
    """A cut-out product shot: the subject alone on a transparent background, as PNG bytes."""
    return _asked("cutout", key, palette, size, _cutout)


def _jpeg(key, palette, size):
    w, h = size
    rng = _rng(key)
    img, _ = _drawn(rng, w, h, palette)
    pixels = _finish(rng, img, w, h)
    out = io.BytesIO()
    Image.fromarray(pixels, mode="RGB").save(out, "JPEG", quality=QUALITY, subsampling="4:2:0", optimize=True)
    return out.getvalue()


def _cutout(key, palette, size):
    w, h = size
    rng = _rng(key)
    img, mask = _drawn(rng, w, h, palette)
    pixels = _finish(rng, img, w, h)
    alpha = np.clip(mask * np.float32(255) + np.float32(0.5), 0, 255).astype(np.uint8)
    # Fully transparent pixels carry no colour, as an editor's export of a cut-out does.
    pixels[alpha == 0] = 0
    rgba = np.dstack([pixels, alpha])
    out = io.BytesIO()
    Image.fromarray(rgba, mode="RGBA").save(out, "PNG", optimize=False, compress_level=9)
    return out.getvalue()

