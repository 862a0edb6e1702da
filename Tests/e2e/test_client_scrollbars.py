"""The virtualizer follows its scrolling element's client area: a layout prepared for a 390-point element whose
content then brings a vertical scroll bar is laid out again at the client area left beside the bar, so that items
as wide as the collection view fit it (no horizontal overflow, no right edge clipped). A page of another origin
(a file) imports the client from the service, as docs/clients.md's examples do."""
import os
import tempfile
import time

import chromium  # noqa: E402 (skips the module without a browser)

PAGE = """<!doctype html>
<div id="feed" style="width: 390px; height: 600px; overflow: auto"></div>
<script type="module">
import {LayoutClient, Virtualizer} from "SERVICE/client/layout-client.js";
const client = new LayoutClient("SERVICE");
const layout = await client.prepare({layout: "waterfall", collectionView: {width: 390, height: 600},
  columnCount: 1, columnSpacing: 0, itemSpacing: 1, sections: [{itemHeights: Array(2000).fill(72)}]});
window.virtualizer = new Virtualizer({client, layoutId: layout.id, scrollElement: document.getElementById("feed"),
  createView: () => document.createElement("article"),
  updateView: (view, e) => { view.textContent = `Post ${e.item + 1}`; view.style.background = "#cfe3ff"; }});
</script>
"""

STATE = """
const feed = document.getElementById('feed'), v = window.virtualizer;
const views = [...feed.querySelectorAll('article')].filter((a) => a.style.display !== 'none');
return {clientWidth: feed.clientWidth, offsetWidth: feed.offsetWidth, scrollWidth: feed.scrollWidth,
  widest: Math.max(0, ...views.map((a) => a.getBoundingClientRect().width)), views: views.length,
  layout: v && v.layoutId, renders: v ? v.stats.renders : 0};
"""


def test_items_as_wide_as_the_view_fit_beside_the_scroll_bar_their_content_brings(request):
    from conftest import Service as LayoutService
    service = LayoutService()
    request.addfinalizer(service.stop)
    folder = tempfile.mkdtemp(prefix="layout-client-scrollbars-")
    path = os.path.join(folder, "feed.html")
    with open(path, "w") as f:
        f.write(PAGE.replace("SERVICE", service.url))
    browser = chromium.browser(request)
    browser.get("file://" + path)
    deadline, state, first = time.time() + 15, None, None
    while time.time() < deadline:
        state = browser.execute_script(STATE)
        if state["views"] and first is None:
            first = state
        # Settled: views drawn, and as wide as the client area (or the time is up).
        if state["views"] and state["widest"] <= state["clientWidth"] and state["scrollWidth"] <= state["clientWidth"]:
            break
        time.sleep(0.05)
    print("\nfirst drawn:", first, "\nsettled:", state)
    bar = state["offsetWidth"] - state["clientWidth"]
    assert bar > 0, "this Chromium draws classic scroll bars, which take room from the client area"
    assert state["widest"] == state["clientWidth"], state  # items fill the client area beside the bar
    assert state["scrollWidth"] == state["clientWidth"], state  # nothing overflows, nothing is clipped
