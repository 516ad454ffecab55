"""axe-core over the main screens and presentations (the HTML checker's list) at both widths:
no violations of any impact."""
import pytest

from conftest import ROOT
from pages import go, navigate, visible
from test_html import COOKING, SCREENS, WITH_STATE

RUN = """const done = arguments[0];
axe.run(document, {resultTypes: ['violations']}).then(result => done(result.violations.map(
  v => ({id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map(n => n.target.join(' '))}))));"""


def test_no_accessibility_violations(scripted_browser):
    browser = scripted_browser
    script = ROOT / ".build" / "axe" / "axe.min.js"
    if not script.exists():
        pytest.fail("axe-core is missing: scripts/setup --browser fetches it")
    axe = script.read_text()
    found = {}
    browser.delete_all_cookies()

    def check(screen):
        go(browser, screen)
        browser.execute_script(axe)
        violations = browser.execute_async_script(RUN)
        if violations:
            found[screen] = violations
    for screen in SCREENS:
        check(screen)
    # Then with an order left open and a recipe cooking (see test_html.WITH_STATE).
    go(browser, "/orders/order/ORD-002")
    go(browser, COOKING)
    navigate(browser, lambda: visible(browser, 'button[value="startCooking"]'))
    for screen in WITH_STATE:
        check(screen)
    assert "Now Cooking" in browser.page_source
    browser.delete_all_cookies()
    assert not found, found
