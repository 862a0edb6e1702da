"""Headless Chromium for the browser tests: skips the importing test module when selenium, chromium or
chromium-driver is missing; `browser` gives a window, `start` a window on a fresh service on loopback."""
import os
import shutil

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
    pytest.skip("chromium and chromium-driver are not installed", allow_module_level=True)
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402


def browser(request, window_size=None, extra=(), script_timeout=60):
    """A headless Chromium window of `window_size` ("w,h"; Chromium's default when None) with the further
    command-line arguments `extra`; it ends with the requesting fixture's or test's scope."""
    options = Options()
    options.binary_location = CHROMIUM
    arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", *extra]
    if window_size:
        arguments.append("--window-size=" + window_size)
    for argument in arguments:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    request.addfinalizer(driver.quit)
    driver.set_script_timeout(script_timeout)
    return driver


def start(request, window_size, path="/healthz", script_timeout=60):
    """The service and a headless Chromium window of `window_size` showing `path` of it; both end with the
    requesting fixture's scope."""
    from conftest import Service as LayoutService
    service = LayoutService()
    request.addfinalizer(service.stop)
    driver = browser(request, window_size, script_timeout=script_timeout)
    driver.get(service.url + path)
    return driver, service


# In the page: calls back once `scroller` had no scroll event for 300 ms (the re-anchoring of a capped scroll bar
# after the scrolling stops included) and `virtualizer` awaits no answer. Both are JavaScript expressions.
QUIET = r"""
const done = arguments[arguments.length - 1], scroller = %s, virtualizer = %s;
let last = performance.now();
const onScroll = () => { last = performance.now(); };
scroller.addEventListener("scroll", onScroll);
(function wait() {
  if (performance.now() - last > 300 && !virtualizer.inFlight.size && !virtualizer.liveFlight) {
    scroller.removeEventListener("scroll", onScroll);
    return done();
  }
  setTimeout(wait, 50);
})();"""


def quiet(driver, scroller, virtualizer):
    """Waits until the page's `scroller` scrolls no more and its `virtualizer` awaits no answer (JavaScript
    expressions, e.g. "window.mapping.scroller")."""
    driver.execute_async_script(QUIET % (scroller, virtualizer))
