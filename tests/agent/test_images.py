"""Screenshot resolution as the policy declares it, and coordinates back to the screen."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from cuagym.agent._images import smart_resize, to_screen
from cuagym.agent.context import ImageCache, prepare_image
from cuagym.core import ImageSpec
from cuagym.envs import decode_unfiltered_rgb, encode_png, png_size


def png_of(width: int, height: int, color: tuple[int, int, int] = (200, 30, 30)) -> bytes:
    image = Image.new("RGB", (width, height), color)
    image.putpixel((0, 0), (0, 0, 0))
    return encode_png(width, height, image.tobytes())


@pytest.mark.parametrize(
    ("size", "factor", "expected"),
    [
        ((1280, 800), 28, (1288, 812)),  # within bounds: rounded to the grid
        ((1920, 1080), 28, (1904, 1064)),  # 2,073,600 px: rounds above the max, scaled down
        ((3840, 2160), 28, (1904, 1064)),
        ((1000, 1000), 32, (992, 992)),
        ((100, 50), 28, (364, 196)),  # below 65,536 px: scaled up
    ],
)
def test_smart_resize_follows_qwen_rule(
    size: tuple[int, int], factor: int, expected: tuple[int, int]
) -> None:
    spec = ImageSpec(factor=factor)  # type: ignore[arg-type]
    w, h = smart_resize(*size, spec)
    assert (w, h) == expected
    assert w % factor == 0 and h % factor == 0
    assert spec.min_pixels <= w * h <= spec.max_pixels


def test_smart_resize_keeps_aspect_ratio_close() -> None:
    for w, h in [(1280, 720), (1440, 900), (2560, 1600), (800, 1280), (640, 480)]:
        rw, rh = smart_resize(w, h, ImageSpec())
        assert abs(rw / rh - w / h) < 0.04


def test_bad_specs_and_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="min_pixels"):
        ImageSpec(min_pixels=10_000_000)
    with pytest.raises(ValueError, match="aspect ratio"):
        smart_resize(10_000, 10, ImageSpec())
    with pytest.raises(ValueError, match="empty"):
        smart_resize(0, 10, ImageSpec())


def test_prepare_image_resizes_deterministically_and_caches() -> None:
    png = png_of(1280, 800)
    cache = ImageCache(max_items=2)
    part = prepare_image(png, ImageSpec(), cache)
    assert (part.width, part.height) == (1288, 812) == png_size(part.png)
    again = prepare_image(png, ImageSpec(), ImageCache())
    assert again.png == part.png  # deterministic bytes: slices rebuild the same context
    assert prepare_image(png, ImageSpec(), cache) is part
    decoded = Image.open(io.BytesIO(part.png))
    assert decoded.size == (1288, 812) and decoded.getpixel((600, 400)) == (200, 30, 30)


def test_own_and_foreign_pngs_of_the_same_pixels_prepare_identically() -> None:
    # Our unfiltered screenshots take a fast decoder, any other PNG Pillow's: same pixels in,
    # same bytes out (the slices rebuild contexts from stored screenshots of either kind).
    image = Image.effect_noise((640, 400), 60).convert("RGB")
    image.paste((250, 250, 240), (0, 0, 640, 30))
    ours = encode_png(640, 400, image.tobytes())
    assert decode_unfiltered_rgb(ours) == (640, 400, image.tobytes())
    buf = io.BytesIO()
    image.save(buf, format="PNG")  # adaptive row filters: not ours
    foreign = buf.getvalue()
    assert decode_unfiltered_rgb(foreign) is None
    assert prepare_image(ours, ImageSpec()).png == prepare_image(foreign, ImageSpec()).png
    # A grey or interlaced PNG is not ours either.
    assert decode_unfiltered_rgb(png_via_pillow(image.convert("L"))) is None


def png_via_pillow(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=0)
    return buf.getvalue()


def test_native_mode_sends_the_screenshot_unchanged() -> None:
    png = png_of(1000, 1000)
    part = prepare_image(png, ImageSpec(mode="native"))
    assert part.png is png and (part.width, part.height) == (1000, 1000)


def test_cache_is_bounded() -> None:
    cache = ImageCache(max_items=2)
    for n in range(4):
        prepare_image(png_of(300 + n, 300), ImageSpec(), cache)
    assert len(cache) == 2


def test_not_a_png_is_refused() -> None:
    with pytest.raises(ValueError, match="not a PNG"):
        prepare_image(b"GIF89a....", ImageSpec())


@pytest.mark.parametrize(
    ("coordinate", "space", "sent", "expected"),
    [
        ((644, 406), "pixels", (1288, 812), (640, 400)),
        ((0, 0), "pixels", (1288, 812), (0, 0)),
        ((1288, 812), "pixels", (1288, 812), (1279, 799)),  # clamped onto the screen
        ((100, 200), "pixels", (1280, 800), (100, 200)),  # native: unchanged
        ((500, 500), "norm1000", (1288, 812), (640, 400)),
        ((1000, 1000), "norm1000", (1288, 812), (1279, 799)),
        ((-5, 3000), "pixels", (1280, 800), (0, 799)),
    ],
)
def test_to_screen(
    coordinate: tuple[int, int], space: str, sent: tuple[int, int], expected: tuple[int, int]
) -> None:
    got = to_screen(coordinate, space=space, sent_size=sent, screen_size=(1280, 800))  # type: ignore[arg-type]
    assert got == expected


def test_a_screen_resized_from_its_unpacked_image_is_the_image_resized_from_its_png() -> None:
    # A desktop resizes the screen's BGRX pixels unpacked straight to a Pillow image; the
    # policy's image made later from the stored PNG must be the same bytes.
    from cuagym.envs._png import resized_image_png

    rgb = Image.effect_noise((640, 400), 60).convert("RGB")
    bgrx = Image.merge("RGBA", (*reversed(rgb.split()), Image.new("L", rgb.size, 7))).tobytes()
    unpacked = Image.frombuffer("RGB", rgb.size, bgrx, "raw", "BGRX", 0, 1)
    assert unpacked.tobytes() == rgb.tobytes()
    spec = ImageSpec()
    png = encode_png(640, 400, rgb.tobytes())
    made = resized_image_png(unpacked, spec.size(640, 400))
    assert made == prepare_image(png, spec).png
