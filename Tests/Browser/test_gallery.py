"""The README's gallery is what the demo shows: README names every image of it, each is small, and
each still looks like its screen taken now from a fresh demo server. After a change that shows,
`scripts/gallery` takes them again."""
import base64
import re
import struct

import pytest

import gallery
from conftest import ROOT

# Share of pixels allowed to differ noticeably: a caret or a font's hinting, not a moved box.
TOLERANCE = 0.005

COMPARE = """const [first, second, done] = arguments;
const load = (png) => new Promise((loaded, failed) => {
  const image = new Image(); image.onload = () => loaded(image); image.onerror = failed;
  image.src = "data:image/png;base64," + png; });
const pixels = (image) => {
  const canvas = document.createElement("canvas"); canvas.width = image.width; canvas.height = image.height;
  const context = canvas.getContext("2d"); context.drawImage(image, 0, 0);
  return context.getImageData(0, 0, image.width, image.height).data; };
Promise.all([load(first), load(second)]).then(([a, b]) => {
  if (a.width !== b.width || a.height !== b.height) return done(1);
  const p = pixels(a), q = pixels(b);
  let differing = 0;
  for (let i = 0; i < p.length; i += 4) {
    if (Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1]) + Math.abs(p[i + 2] - q[i + 2]) > 48) differing++;
  }
  done(differing / (p.length / 4)); }, () => done(1));"""


def size(png):
    """A PNG's width and height, from its header."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", png[16:24])


def test_readme_shows_every_image_of_the_gallery():
    named = set(re.findall(r"docs/gallery/([a-z-]+\.png)", (ROOT / "README.md").read_text()))
    files = {gallery.file(name, device).name for name, device in gallery.shots()}
    assert named == files
    for name, device in gallery.shots():
        png = gallery.file(name, device).read_bytes()
        assert size(png) == gallery.SIZES[gallery.DEVICES[device]], name
        assert len(png) < 100_000, f"{name}-{device} is {len(png)} bytes"


@pytest.fixture(scope="module")
def demo():
    with gallery.Demo() as running:
        yield running


@pytest.mark.parametrize("device", list(gallery.DEVICES))
def test_the_gallery_is_what_the_demo_shows(demo, device):
    driver = gallery.browser(device)
    try:
        different = {}
        for name, shot_device in gallery.shots():
            if shot_device != device:
                continue
            fresh = gallery.take(driver, demo.url, name)
            committed = gallery.file(name, device).read_bytes()
            share = driver.execute_async_script(
                COMPARE, base64.b64encode(committed).decode(), base64.b64encode(fresh).decode())
            if share > TOLERANCE:
                different[f"{name}-{device}"] = round(share, 4)
        assert not different, f"the demo no longer looks like the gallery (share of pixels): {different}; " \
                              "run scripts/gallery and look at the new images"
    finally:
        driver.quit()
