extension Playground {
    /// The page's behaviour. `window.playground` exposes the same operations to tests (load an example, prepare,
    /// scroll) and `#viewport`'s data attributes record the last query (rect, offset) and render count.
    static let script = #"""
        <script>
        "use strict";
        // Deterministic examples: a small seeded generator, so the same example always gives the same id.
        function rng(seed) { return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648); }
        const words = "swift layout flow grid tag cloud waterfall masonry circle wheel picker header footer pinned " +
          "decoration background section item cell supplementary rect scroll offset prepare attributes service";
        const examples = {
          "Photo grid": () => ({layout: "flow", collectionView: {width: 390, height: 600},
            itemSize: {width: 124, height: 124}, minimumInteritemSpacing: 4, minimumLineSpacing: 4,
            sectionInset: {top: 4, left: 1, bottom: 4, right: 1}, headerReferenceSize: {width: 0, height: 36},
            sections: [{items: 300}, {items: 120}]}),
          "Tag cloud": () => { const r = rng(7), w = words.split(" ");
            return {layout: "flow", collectionView: {width: 390, height: 600}, rowAlignment: "leading",
              minimumInteritemSpacing: 6, minimumLineSpacing: 6, sectionInset: {top: 8, left: 8, bottom: 8, right: 8},
              sections: [{itemSizes: Array.from({length: 400}, () =>
                [Math.round(w[Math.floor(r() * w.length)].length * 8 + 18 + r() * 10), 28])}]}; },
          "Waterfall": () => { const r = rng(3);
            return {layout: "waterfall", collectionView: {width: 390, height: 600}, columnCount: 3, columnSpacing: 6,
              itemSpacing: 6, headerHeight: 36, sectionHeadersPinToVisibleBounds: true,
              sectionInset: {top: 6, left: 6, bottom: 6, right: 6},
              sections: [0, 1, 2].map(() => ({itemHeights: Array.from({length: 60}, () => Math.round(60 + r() * 180))}))}; },
          "Circle": () => ({layout: "circle", collectionView: {width: 390, height: 390},
            itemSize: {width: 44, height: 44}, sections: [{items: 24}]}),
          "Wheel": () => ({layout: "wheel", collectionView: {width: 320, height: 240},
            itemSize: {width: 220, height: 40}, infinite: true, sections: [{items: 24}]}),
          "Pinned headers": () => ({layout: "flow", collectionView: {width: 390, height: 500},
            itemSize: {width: 90, height: 60}, headerReferenceSize: {width: 0, height: 40},
            footerReferenceSize: {width: 0, height: 24}, sectionInset: {top: 8, left: 8, bottom: 8, right: 8},
            sectionHeadersPinToVisibleBounds: true,
            decorations: [{kind: "background", inset: {left: 4, right: 4}, zIndex: -1}],
            sections: Array.from({length: 12}, (_, i) => ({items: 6 + (i * 5) % 17}))}),
          "100k-item feed": () => ({layout: "flow", collectionView: {width: 390, height: 600},
            itemSize: {width: 380, height: 72}, minimumLineSpacing: 6, sections: [{items: 100000}]}),
          // Compositional layouts (each example self-contained).
          "Compositional photo grid": () => { const f = (w, h) => ({width: {fractionalWidth: w}, height: {fractionalHeight: h}});
            const photo = (w, h) => ({item: {size: f(w, h), contentInsets: {top: 2, leading: 2, bottom: 2, trailing: 2}}});
            return {layout: "compositional", collectionView: {width: 390, height: 600},
              defaultSection: {group: {axis: "vertical", size: {width: {fractionalWidth: 1}, height: {fractionalWidth: 1}}, subitems: [
                {group: {axis: "horizontal", size: f(1, 1 / 3), subitems: [photo(1 / 3, 1)]}},
                {group: {axis: "horizontal", size: f(1, 2 / 3), subitems: [photo(2 / 3, 1),
                  {group: {axis: "vertical", size: f(1 / 3, 1), count: 2, subitems: [photo(1, 1)]}}]}}]},
                boundarySupplementaryItems: [{kind: "header", alignment: "top", pinToVisibleBounds: true,
                  size: {width: {fractionalWidth: 1}, height: {absolute: 36}}}]},
              sections: [{items: 60}, {items: 36}]}; },
          "App Store page": () => { const card = (w, h) => ({axis: "horizontal", size: {width: {absolute: w}, height: {absolute: h}},
              subitems: [{item: {size: {width: {fractionalWidth: 1}, height: {fractionalHeight: 1}}}}]});
            const header = [{kind: "header", alignment: "top", size: {width: {fractionalWidth: 1}, height: {absolute: 40}}}];
            const row = (group, behaviour) => ({group, interGroupSpacing: 10, orthogonalScrollingBehavior: behaviour,
              contentInsets: {top: 4, leading: 16, bottom: 12, trailing: 16}, boundarySupplementaryItems: header});
            const small = {axis: "vertical", size: {width: {absolute: 300}, height: {absolute: 210}}, count: 3,
              interItemSpacing: {fixed: 6}, subitems: [{item: {size: {width: {fractionalWidth: 1}, height: {absolute: 60}}}}]};
            return {layout: "compositional", collectionView: {width: 390, height: 700}, interSectionSpacing: 8,
              sections: [{items: 6, section: row(card(320, 220), "groupPagingCentered")},
                {items: 18, section: row(small, "groupPaging")},
                {items: 10, section: row(card(150, 150), "continuous")},
                {items: 8, section: row(card(320, 180), "groupPagingCentered")}]}; },
          "Badges": () => ({layout: "compositional", collectionView: {width: 390, height: 600},
            defaultSection: {contentInsets: {top: 12, leading: 12, bottom: 12, trailing: 12}, interGroupSpacing: 16,
              group: {axis: "horizontal", size: {width: {fractionalWidth: 1}, height: {absolute: 80}},
                interItemSpacing: {flexible: 16}, subitems: [{item: {size: {width: {absolute: 80}, height: {absolute: 80}},
                  supplementaryItems: [{kind: "badge", size: {width: {absolute: 24}, height: {absolute: 24}},
                    anchor: {edges: ["top", "trailing"], fractionalOffset: {x: 0.3, y: -0.3}}}]}}]}},
            sections: [{items: 40}]}),
          "Settings list": () => ({layout: "list", collectionView: {width: 390, height: 700}, appearance: "insetGrouped",
            headerMode: "supplementary", footerMode: "supplementary", sections: [{items: 3}, {items: 5}, {items: 2}, {items: 6}]}),
        };

        const $ = (id) => document.getElementById(id);
        const viewport = $("viewport"), content = $("content"), specText = $("spec");
        const state = {id: null, spec: null, live: new Map(), free: [], seq: 0, renders: 0, scheduled: false};

        function elementKey(e) {
          return e.category === "cell" ? `cell/${e.section}/${e.item}` : `${e.category}/${e.kind}/${e.section}/${e.item}`;
        }
        function label(e) { return e.category === "cell" ? `${e.section}.${e.item}` : `${e.kind} ${e.section}`; }

        // Like dequeueReusableCell: reuse a node that scrolled away before making a new one.
        function dequeue() {
          const node = state.free.pop();
          if (node) return node;
          const made = document.createElement("div");
          made.appendChild(document.createElement("span"));
          content.appendChild(made);
          return made;
        }

        function render(elements) {
          const keys = new Set(elements.map(elementKey));
          // Release what scrolled away first, so that the new elements reuse those nodes.
          for (const [key, node] of state.live) {
            if (keys.has(key)) continue;
            state.live.delete(key);
            node.style.display = "none";
            node.dataset.id = "";
            state.free.push(node);
          }
          for (const e of elements) {
            const key = elementKey(e);
            let node = state.live.get(key);
            if (!node) {
              node = dequeue();
              state.live.set(key, node);
              node.dataset.id = key;
              node.className = `element ${e.category}` + (e.kind ? ` kind-${e.kind}` : "");
              node.firstChild.textContent = label(e);
              node.style.display = "";
            }
            const f = e.frame, s = node.style;
            s.left = f.x + "px"; s.top = f.y + "px"; s.width = f.width + "px"; s.height = f.height + "px";
            s.zIndex = e.zIndex; s.opacity = e.alpha; s.visibility = e.hidden ? "hidden" : "";
            // CATransform3D is row-vector m11...m44; CSS's matrix3d takes the column-vector matrix column by
            // column, which is the same sequence of numbers.
            s.transform = e.transform3D ? `matrix3d(${e.transform3D.join(",")})` : "";
          }
          // Keep a modest pool of spare nodes after a big jump.
          while (state.free.length > 64) content.removeChild(state.free.pop());
          $("nodes").textContent = content.children.length;
          $("count").textContent = elements.length;
        }

        async function refresh() {
          state.scheduled = false;
          if (!state.id) return;
          const x = viewport.scrollLeft, y = viewport.scrollTop, w = viewport.clientWidth, h = viewport.clientHeight;
          // The visible rect plus half a viewport on every side: prefetch, as UICollectionView does.
          const rect = [x - w / 2, y - h / 2, w * 2, h * 2];
          const offset = [x, y];
          const seq = ++state.seq;
          const started = performance.now();
          const response = await fetch(`/v1/layouts/${state.id}/attributes?rect=${rect.join(",")}&offset=${offset.join(",")}`);
          const answer = await response.json();
          if (seq !== state.seq) return;  // a newer scroll asked again
          $("latency").textContent = (performance.now() - started).toFixed(1);
          if (!response.ok) { showProblem(answer); return; }
          const adjust = answer.contentOffsetAdjustment;
          if (adjust) {  // an infinite wheel left its central band: move by whole turns (nothing changes)
            viewport.scrollLeft = x + adjust.x;
            viewport.scrollTop = y + adjust.y;
            return schedule();
          }
          render(answer.elements);
          state.renders += 1;
          Object.assign(viewport.dataset, {queryRect: rect.join(","), queryOffset: offset.join(","),
                                           renders: state.renders});
        }

        function schedule() {
          if (state.scheduled) return;
          state.scheduled = true;
          requestAnimationFrame(refresh);
        }

        async function prepare() {
          $("problem").hidden = true;
          let response, answer;
          try {
            response = await fetch("/v1/layouts", {method: "POST", headers: {"Content-Type": "application/json"},
                                                   body: specText.value});
            answer = await response.json();
          } catch (error) {
            return showProblem({title: "Network error", detail: String(error)});
          }
          if (!response.ok) return showProblem(answer);
          const spec = JSON.parse(specText.value);
          state.id = answer.id;
          $("summary").textContent = `id ${answer.id} · ${answer.layout} · content ` +
            `${answer.contentSize.width} × ${answer.contentSize.height} · ${answer.items} items in ` +
            `${answer.sections} sections` + (answer.boundsDependent ? " · bounds-dependent" : "");
          for (const node of state.live.values()) { node.style.display = "none"; node.dataset.id = ""; state.free.push(node); }
          state.live.clear();
          content.style.width = answer.contentSize.width + "px";
          content.style.height = answer.contentSize.height + "px";
          // The visible area is the collection view's size; scroll bars and borders come on top of it.
          viewport.style.width = spec.collectionView.width + "px";
          viewport.style.height = spec.collectionView.height + "px";
          viewport.style.width = 2 * spec.collectionView.width - viewport.clientWidth + "px";
          viewport.style.height = 2 * spec.collectionView.height - viewport.clientHeight + "px";
          viewport.scrollLeft = 0;
          viewport.scrollTop = 0;
          await refresh();
          return answer;
        }

        // Problems name the field by JSON pointer: show it, and select that field in the editor.
        function showProblem(problem) {
          const box = $("problem");
          box.hidden = false;
          box.textContent = `${problem.status || ""} ${problem.title || "Error"}: ${problem.detail || ""}`;
          if (problem.pointer !== undefined) {
            const mark = document.createElement("mark");
            mark.textContent = problem.pointer || "/";
            box.append(" at ", mark);
            const range = locate(specText.value, problem.pointer);
            if (range) { specText.focus(); specText.setSelectionRange(range[0], range[1]); }
          }
        }

        // Where a JSON pointer's value (or its missing member's object) sits in the text: [start, end].
        function locate(text, pointer) {
          const want = pointer.split("/").slice(1).map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
          let i = 0, best = null;
          const ws = () => { while (/\s/.test(text[i] || "")) i++; };
          function value(path) {
            ws();
            const start = i, matches = path.length <= want.length && path.every((p, k) => p === want[k]);
            if (text[i] === "{") {
              i++; ws();
              while (text[i] !== "}" && i < text.length) {
                const key = string(); ws(); i++;  // ':'
                value(path.concat([key])); ws();
                if (text[i] === ",") { i++; ws(); }
              }
              i++;
            } else if (text[i] === "[") {
              i++; ws(); let k = 0;
              while (text[i] !== "]" && i < text.length) {
                value(path.concat([String(k++)])); ws();
                if (text[i] === ",") { i++; ws(); }
              }
              i++;
            } else if (text[i] === '"') { string(); }
            else { while (i < text.length && !/[,\]}\s]/.test(text[i])) i++; }
            if (matches && (!best || path.length >= best.depth)) best = {depth: path.length, range: [start, i]};
          }
          function string() {
            const start = ++i;
            while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
            return text.slice(start, i++);
          }
          try { value([]); } catch (e) { return null; }
          return best && best.range;
        }

        // Batch updates: the service answers with the new layout and, for the queried rect, each element's
        // animation (before -> after); the page draws the before state, then lets CSS transitions run to after.
        async function update(op) {
          if (!state.id || !viewport.dataset.queryRect) return;
          const first = [...state.live.keys()].filter((k) => k.startsWith("cell/")).map((k) => k.split("/").map(Number))
            .sort((a, b) => a[1] - b[1] || a[2] - b[2])[0];
          if (!first) return;
          const path = [first[1], first[2]];
          const r = viewport.dataset.queryRect.split(",").map(Number);
          const o = viewport.dataset.queryOffset.split(",").map(Number);
          const body = {updates: [op === "insert" ? {op: "insertItems", indexPaths: [path]} : {op: "deleteItems", indexPaths: [path]}],
                        rect: {x: r[0], y: r[1], width: r[2], height: r[3]}, offset: {x: o[0], y: o[1]}};
          const response = await fetch(`/v1/layouts/${state.id}/updates`, {method: "POST", body: JSON.stringify(body)});
          const answer = await response.json();
          if (!response.ok) return showProblem(answer);
          state.id = answer.id;
          content.style.height = answer.contentSize.height + "px";
          content.style.width = answer.contentSize.width + "px";
          // Before: old elements by their old key; the appearing ones (before = after with alpha 0) by their new key.
          render(answer.animations.map((a) => a.before));
          content.getBoundingClientRect();  // commit the before state
          viewport.classList.add("animating");
          for (const a of answer.animations) {
            const node = state.live.get(elementKey(a.before));
            if (!node) continue;
            state.live.delete(elementKey(a.before));
            state.live.set(elementKey(a.after) + (a.after.alpha === 0 ? "#gone" : ""), node);
            node.dataset.id = elementKey(a.after);
            node.firstChild.textContent = label(a.after);
            const f = a.after.frame, st = node.style;
            st.left = f.x + "px"; st.top = f.y + "px"; st.width = f.width + "px"; st.height = f.height + "px";
            st.opacity = a.after.alpha; st.zIndex = a.after.zIndex;
          }
          await new Promise((done) => setTimeout(done, 400));
          viewport.classList.remove("animating");
          $("summary").textContent = `id ${answer.id} · ${answer.layout} · content ${answer.contentSize.width} × ` +
            `${answer.contentSize.height} · ${answer.items} items in ${answer.sections} sections`;
          await refresh();  // the new layout, as a client would query it
          return answer;
        }

        function load(name) {
          $("example").value = name;
          specText.value = JSON.stringify(examples[name](), null, 1).replace(/\[\s+(-?[\d.]+),\s+(-?[\d.]+)\s+\]/g, "[$1, $2]");
        }

        for (const name of Object.keys(examples)) $("example").add(new Option(name, name));
        $("example").addEventListener("change", () => { load($("example").value); prepare(); });
        $("prepare").addEventListener("click", prepare);
        $("insert").addEventListener("click", () => update("insert"));
        $("delete").addEventListener("click", () => update("delete"));
        viewport.addEventListener("scroll", schedule);
        load("Photo grid");
        window.playground = {examples: Object.keys(examples), state, load, prepare, update,
          scrollTo(x, y) { viewport.scrollLeft = x; viewport.scrollTop = y; schedule(); }};
        window.playgroundReady = prepare();
        </script>
        </body>
        </html>

        """#
}
