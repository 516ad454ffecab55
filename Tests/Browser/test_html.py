"""Every main screen and presentation is valid HTML by the W3C Nu HTML Checker."""
import http.cookiejar
import pathlib
import re
import subprocess
import tempfile
import urllib.request

import pytest

from conftest import ROOT

SCREENS = [
    "/home", "/home/user/1/orders/order/ORD-001", "/home/settings", "/home/settings/customize-tabs",
    "/recipes", "/recipes/category/desserts", "/recipes/category/desserts/recipe/apple-pie?columns=detailOnly",
    "/orders", "/orders/order/ORD-002", "/profile", "/find?q=pie", "/no/such/page",
    "/home?present=search&presented-q=pie", "/home?present=search&presented-q=zzzz", "/orders?present=order/ORD-001", "/orders?present=order/ORD-001&detent=large",
    "/orders?present=new-order", "/orders/order/ORD-001?present=order-options/ORD-001",
    "/orders?present=order/ORD-001&presented-path=order/ORD-001",
    "/orders/order/ORD-001?present=edit-order/ORD-001", "/orders/order/ORD-001?present=delete-order/ORD-001",
    # A presentation over a presentation: the edit sheet over the order sheet, the discard dialog over both;
    # and a destination drawn as a push (the receipt), on a phone's stack and in the split view's detail.
    "/orders?present=order/ORD-001&present-2=edit-order/ORD-001",
    "/orders?present=order/ORD-001&present-2=edit-order/ORD-001&present-3=discard-changes/ORD-001"
    "&presented-title=Half-typed&presented-amount=299.99",
    "/home/orders/order/ORD-001?present=receipt/ORD-001", "/orders/order/ORD-001?present=receipt/ORD-001",
    "/recipes?present=plan-dinner", "/recipes/category/desserts?present=plan-dinner",
    "/profile?present=edit-profile", "/profile?present=photo", "/profile?present=options", "/profile?present=about",
    "/home?present=onboarding/welcome", "/home?present=onboarding/profile",
    "/home?present=onboarding/preferences", "/home?present=onboarding/complete",
]

# Screens that need some state first: an order left open (the Orders tab then has a phone's link
# and a wide window's) and a recipe cooking (the accessory on every tab).
COOKING = "/recipes/category/desserts/recipe/lemon-tart"
WITH_STATE = ["/home", "/orders/order/ORD-002", "/recipes/category/desserts/recipe/apple-pie", COOKING]


def cooking_pages(base_url):
    """The WITH_STATE screens, fetched after opening an order and starting to cook."""
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    browser.open(base_url + "/orders/order/ORD-002").read()
    page = browser.open(base_url + COOKING).read().decode()
    token = re.search(r'name="_token" value="([^"]*)"', page).group(1)
    start = urllib.request.Request(base_url + COOKING, data=f"_token={token}&_action=startCooking".encode(),
                                   headers={"Origin": base_url})
    assert "Now Cooking" in browser.open(start).read().decode()
    return [browser.open(base_url + screen).read() for screen in WITH_STATE]


def test_every_screen_and_presentation_is_valid_html(base_url):
    checker = ROOT / ".build" / "vnu" / "vnu.jar"
    if not checker.exists():
        pytest.fail("the Nu HTML Checker is missing: scripts/setup --browser fetches it")
    with tempfile.TemporaryDirectory() as folder:
        for index, screen in enumerate(SCREENS):
            request = urllib.request.Request(base_url + screen)
            try:
                body = urllib.request.urlopen(request).read()
            except urllib.error.HTTPError as error:   # a 404 page is still a page to check
                body = error.read()
            (pathlib.Path(folder) / f"{index:02d}.html").write_bytes(body)
        for index, body in enumerate(cooking_pages(base_url), start=len(SCREENS)):
            (pathlib.Path(folder) / f"{index:02d}.html").write_bytes(body)
        result = subprocess.run(["java", "-jar", str(checker), "--errors-only", folder],
                                capture_output=True, text=True)
        errors = "\n".join(line.replace(f"file:{folder}/", "") for line in result.stderr.splitlines())
        names = "\n".join(f"{index:02d}.html = {screen}" for index, screen in enumerate(SCREENS + WITH_STATE))
        assert result.returncode == 0 and not errors, f"{errors}\n\n{names}"
