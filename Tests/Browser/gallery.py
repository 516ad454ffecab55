"""The README's gallery: the demo's main screens at phone and desktop size, each taken from a
fresh demo server in headless Chromium (as the browser scenarios run it) with motion reduced, so
that no transition is caught half way. `scripts/gallery` writes them to docs/gallery/;
test_gallery.py takes them again and checks the committed ones still match."""
import pathlib
import shutil
import subprocess
import tempfile

from selenium.webdriver.common.by import By

from conftest import ROOT, SIZES, executable, start_chromium
from pages import navigate, submit, visible

GALLERY = ROOT / "docs" / "gallery"
# Phone and desktop, as the README names them; the sizes are the browser suite's.
DEVICES = {"phone": "narrow", "desktop": "wide"}


def fill_and_save(driver, fields):
    for name, value in fields.items():
        field = driver.find_element(By.NAME, name)
        field.clear()
        field.send_keys(value)
    submit(driver, "#presentation button[type=submit]")


def start_cooking(driver):
    navigate(driver, lambda: visible(driver, 'button[value="startCooking"]'))


# name: (what it shows, the URL, what a person does there, the devices it is taken on)
SHOTS = {
    "home": ("Home", "/home", None, DEVICES),
    "recipes": ("The Recipes split view", "/recipes/category/desserts/recipe/apple-pie", None, DEVICES),
    "order-sheet": ("The order sheet at rest", "/orders?present=order/ORD-001", None, DEVICES),
    "order-sheet-large": ("The order sheet grown", "/orders?present=order/ORD-001&detent=large", None, ["phone"]),
    "popover": ("A popover at its source", "/profile?present=options", None, DEVICES),
    "form-error": ("A form with an error", "/orders?present=new-order",
                   lambda driver: fill_and_save(driver, {"title": "Lamp", "amount": "twelve"}), DEVICES),
    # Last: the recipe keeps cooking in the browser's cookie for the shots after it.
    "now-cooking": ("Now Cooking, on every tab until stopped", "/recipes/category/desserts/recipe/lemon-tart",
                    start_cooking, DEVICES),
}


class Demo:
    """A demo server of its own, on SQLite in a temporary folder, stopped on every path."""

    def __enter__(self):
        self.data = tempfile.mkdtemp(prefix="gallery-demo-")
        self.process = subprocess.Popen(
            [str(executable()), "--port", "0", "--data-dir", self.data,
             "--public", str(ROOT / "Public"), "--templates", str(ROOT / "Templates")],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline().strip()
        if not line.startswith("Serving on "):
            self.__exit__()
            raise RuntimeError(f"the demo server did not start: {line!r}")
        self.url = line.removeprefix("Serving on ").rstrip("/")
        return self

    def __exit__(self, *error):
        self.process.terminate()
        self.process.wait(timeout=15)
        shutil.rmtree(self.data, ignore_errors=True)


def browser(device):
    """Chromium at the device's size, JavaScript on, motion reduced."""
    driver = start_chromium(*SIZES[DEVICES[device]], True)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    driver.width = SIZES[DEVICES[device]][0]
    return driver


def take(driver, base_url, name):
    """The PNG of shot `name`, as bytes."""
    _, url, action, _ = SHOTS[name]
    driver.get(base_url + url)
    width = driver.execute_script("return innerWidth")
    assert width == driver.width, f"the page is {width} px wide, not {driver.width}"
    if action:
        action(driver)
    # Fonts and icons loaded, the caret hidden (it blinks).
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    driver.execute_async_script("document.fonts.ready.then(() => requestAnimationFrame(() => arguments[0]()))")
    return driver.get_screenshot_as_png()


def file(name, device):
    return GALLERY / f"{name}-{device}.png"


def shots():
    """Every (name, device) the gallery holds."""
    return [(name, device) for name, shot in SHOTS.items() for device in DEVICES if device in shot[3]]


def write(folder=GALLERY):
    """Takes every shot into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    with Demo() as demo:
        for device in DEVICES:
            driver = browser(device)
            try:
                for name, shot_device in shots():
                    if shot_device == device:
                        (folder / file(name, device).name).write_bytes(take(driver, demo.url, name))
            finally:
                driver.quit()
