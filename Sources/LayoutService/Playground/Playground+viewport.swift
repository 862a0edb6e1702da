extension Playground {
    /// The viewport's size fields (`POST .../bounds`: a new size without losing the user's place) and the chat
    /// example (older messages prepended and new ones appended in place: `offset` and `anchor` on updates).
    /// Self-contained: it adds its own controls once the page's script has run, and exposes
    /// `window.playground.viewport` to tests; `#viewport`'s `data-resizes` counts the resizes done.
    static let viewportScript = #"""
        <script>
        "use strict";
        window.addEventListener("DOMContentLoaded", () => {
          const pg = window.playground, byId = (id) => document.getElementById(id);
          const port = byId("viewport"), box = byId("content"), text = byId("spec");
          const row = document.createElement("div");
          row.className = "row";
          row.innerHTML = '<label>View <input id="view-width" type="number" min="1" style="width:5em"> × ' +
            '<input id="view-height" type="number" min="1" style="width:5em"></label>' +
            '<span id="chat-controls" hidden><button id="chat-older">Older</button> <button id="chat-newer">Newer</button></span>';
          byId("editor").insertBefore(row, text);
          const width = byId("view-width"), height = byId("view-height");

          // A chat: messages of varied heights, the newest at the bottom.
          let serial = 0;
          const message = () => { serial += 1; return [374, 36 + (serial * 37) % 90]; };
          examples["Chat"] = () => {
            serial = 0;
            return {layout: "flow", collectionView: {width: 390, height: 600, contentInset: {top: 0, bottom: 0}},
                    contentAnchor: "end", minimumLineSpacing: 8, sectionInset: {top: 8, left: 8, bottom: 8, right: 8},
                    sections: [{itemSizes: Array.from({length: 12}, message)}]};
          };
          byId("example").add(new Option("Chat", "Chat"));
          pg.examples.push("Chat");

          function spec() { try { return JSON.parse(text.value); } catch (e) { return null; } }
          function sync() {
            const s = spec();
            if (s && s.collectionView) { width.value = s.collectionView.width; height.value = s.collectionView.height; }
            byId("chat-controls").hidden = byId("example").value !== "Chat";
          }
          // The summary changes whenever a layout was prepared.
          new MutationObserver(sync).observe(byId("summary"), {childList: true, characterData: true, subtree: true});

          // Sizes the viewport as the page does for a new layout, then scrolls to the answered offset.
          function place(answer, w, h) {
            if (w) {
              // Every frame changes: release the nodes (elements at the old size must not widen the scroll area).
              const st = pg.state;
              for (const node of st.live.values()) { node.style.display = "none"; node.dataset.id = ""; st.free.push(node); }
              st.live.clear();
            }
            box.style.width = answer.contentSize.width + "px";
            box.style.height = answer.contentSize.height + "px";
            if (w) {
              port.style.width = w + "px"; port.style.height = h + "px";
              port.style.width = 2 * w - port.clientWidth + "px"; port.style.height = 2 * h - port.clientHeight + "px";
            }
            const o = answer.contentOffset || {x: port.scrollLeft, y: port.scrollTop};
            pg.scrollTo(o.x, o.y);
          }

          async function post(path, body) {
            const response = await fetch(`/v1/layouts/${pg.state.id}/${path}`, {method: "POST", body: JSON.stringify(body)});
            const answer = await response.json();
            if (!response.ok) {
              const p = byId("problem");
              p.hidden = false;
              p.textContent = `${answer.status} ${answer.title}: ${answer.detail}`;
              return null;
            }
            byId("problem").hidden = true;
            pg.state.id = answer.id;
            return answer;
          }

          // A new view size: the same layout at that size, the first visible cell kept in place.
          async function resize(w, h) {
            if (!pg.state.id || !(w > 0) || !(h > 0)) return;
            const answer = await post("bounds", {collectionView: {width: w, height: h},
                                                 offset: {x: port.scrollLeft, y: port.scrollTop}});
            if (!answer) return;
            const s = spec();
            if (s && s.collectionView) {
              Object.assign(s.collectionView, {width: w, height: h});
              text.value = JSON.stringify(s, null, 1).replace(/\[\s+(-?[\d.]+),\s+(-?[\d.]+)\s+\]/g, "[$1, $2]");
            }
            width.value = w; height.value = h;
            place(answer, w, h);
            port.dataset.resizes = Number(port.dataset.resizes || 0) + 1;
            return answer;
          }
          for (const field of [width, height]) field.addEventListener("change", () => resize(Number(width.value), Number(height.value)));

          // Chat: a page of older messages above (what is on screen stays), new ones below (the end stays the end
          // for a reader who was there).
          async function older(n) {
            const paths = Array.from({length: n}, (_, i) => [0, i]);
            const answer = await post("updates", {updates: [{op: "insertItems", indexPaths: paths, sizes: paths.map(message)}],
                                                  offset: {x: port.scrollLeft, y: port.scrollTop}});
            if (answer) place(answer);
            return answer;
          }
          async function newer(n) {
            const items = Number(port.dataset.items || 0);
            const paths = Array.from({length: n}, (_, i) => [0, items + i]);
            const answer = await post("updates", {updates: [{op: "insertItems", indexPaths: paths, sizes: paths.map(message)}],
                                                  offset: {x: port.scrollLeft, y: port.scrollTop}, anchor: "end"});
            if (answer) place(answer);
            return answer;
          }
          function toEnd() { pg.scrollTo(0, Math.max(0, box.scrollHeight - port.clientHeight)); }
          // The item count, for appends (the summary of the last answer).
          const count = (answer) => { if (answer) port.dataset.items = answer.items; return answer; };
          byId("chat-older").addEventListener("click", () => older(10).then(count));
          byId("chat-newer").addEventListener("click", () => newer(1).then(count));
          new MutationObserver(() => {
            const m = /(\d+) items/.exec(byId("summary").textContent);
            if (m) port.dataset.items = m[1];
          }).observe(byId("summary"), {childList: true, characterData: true, subtree: true});
          sync();
          pg.viewport = {resize, older: (n) => older(n).then(count), newer: (n) => newer(n).then(count), toEnd};
        });
        </script>

        """#
}
