"""The browsers the scenarios run in: with JavaScript off no page script runs, and a browser that
quits leaves no process behind (chromedriver alone leaves the headless shell running)."""
import pathlib
import time

from conftest import SIZES, start_chromium

PAGE = "data:text/html,<title>static</title><noscript><p id=off>off</p></noscript><script>document.title='scripted'</script>"


def test_javascript_runs_only_where_it_is_on(chromium):
    chromium.get(PAGE)
    assert chromium.title == ("scripted" if chromium.javascript else "static")
    assert bool(chromium.find_elements("id", "off")) is not chromium.javascript
    # WebDriver's own scripts run either way: the scenarios read the page through them.
    assert chromium.execute_script("return 1 + 1") == 2


def descendants(pid):
    """Every process under `pid`: the browser chromedriver started and, under it, the rest."""
    try:
        children = [int(child) for task in pathlib.Path(f"/proc/{pid}/task").iterdir()
                    for child in (task / "children").read_text().split()]
    except FileNotFoundError:  # it ended meanwhile
        return []
    return children + [grandchild for child in children for grandchild in descendants(child)]


def alive(pid):
    try:
        state = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def test_a_browser_that_quits_leaves_no_process():
    driver = start_chromium(*SIZES["narrow"], True)
    try:
        driver.get(PAGE)
        browsers = descendants(driver.service.process.pid)
    finally:
        driver.quit()
    assert browsers, "chromedriver started no browser"
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in browsers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in browsers)
