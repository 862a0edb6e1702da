import HTTPCore

/// `GET /`: the playground, one self-contained HTML page (no build step, no external assets) that edits a spec,
/// prepares it, and scrolls a viewport rendered the way a client of this service would: on every scroll it asks
/// for the visible rect plus a prefetch margin and draws only those elements, recycling DOM nodes as
/// `UICollectionView` recycles cells.
enum Playground {
    /// Built once and shared by every answer (bodies are immutable).
    static let page = HTTPBody(Array((head + style + body + viewportScript + script).utf8))

    static let head = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>layout-service playground</title>

        """#

    static let style = #"""
        <style>
        * { box-sizing: border-box }
        body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #1d2a3a; background: #f4f6f9 }
        header { padding: 10px 16px; background: #1d2a3a; color: #fff }
        header h1 { margin: 0; font-size: 17px; font-weight: 600 }
        main { display: flex; gap: 16px; padding: 16px; align-items: flex-start; flex-wrap: wrap }
        #editor { flex: 1 1 380px; min-width: 320px; display: flex; flex-direction: column; gap: 8px }
        #spec { width: 100%; height: 420px; font: 12px/1.35 ui-monospace, monospace; padding: 8px;
                border: 1px solid #b9c3d0; border-radius: 4px; resize: vertical }
        .row { display: flex; gap: 8px; align-items: center }
        button { font: inherit; padding: 5px 14px; border-radius: 4px; border: 1px solid #2f6fd6; background: #2f6fd6;
                 color: #fff; cursor: pointer }
        #summary { font-size: 13px; color: #44546a; word-break: break-all }
        #problem { background: #fde8e8; border: 1px solid #d62f2f; border-radius: 4px; padding: 8px; font-size: 13px }
        #problem mark { background: #ffd24d; padding: 0 3px; border-radius: 2px; font-family: ui-monospace, monospace }
        #stage { position: relative }
        #viewport { position: relative; overflow: auto; background: #fff; border: 1px solid #b9c3d0; border-radius: 4px }
        #content { position: relative; }
        .animating .element { transition: left .35s, top .35s, width .35s, height .35s, opacity .35s, transform .35s }
        .element { position: absolute; border: 1px solid; border-radius: 3px; overflow: hidden; display: flex;
                   align-items: center; justify-content: center; font-size: 11px; white-space: nowrap;
                   backface-visibility: hidden }
        .cell { background: #cfe3ff; border-color: #2f6fd6 }
        .supplementary { background: #ffe2b8; border-color: #c27a12; font-weight: 600 }
        .decoration { background: rgba(150, 150, 150, .12); border: 1px dashed #9a9a9a; border-radius: 6px }
        #overlay { position: absolute; right: 8px; top: 8px; background: rgba(29, 42, 58, .85); color: #fff;
                   font: 12px ui-monospace, monospace; padding: 4px 8px; border-radius: 4px; pointer-events: none;
                   z-index: 100000 }
        </style>
        </head>

        """#

    static let body = #"""
        <body>
        <header><h1>layout-service playground</h1></header>
        <main>
          <section id="editor">
            <div class="row">
              <label for="example">Example</label>
              <select id="example"></select>
              <button id="prepare">Prepare</button>
              <button id="insert" title="insert an item before the first visible one">Insert</button>
              <button id="delete" title="delete the first visible item">Delete</button>
            </div>
            <textarea id="spec" spellcheck="false" aria-label="layout spec (JSON)"></textarea>
            <div id="summary"></div>
            <div id="problem" hidden></div>
          </section>
          <section id="stage">
            <div id="viewport"><div id="content"></div></div>
            <div id="overlay">nodes <span id="nodes">0</span> · elements <span id="count">0</span> ·
              query <span id="latency">–</span> ms</div>
          </section>
        </main>

        """#
}
