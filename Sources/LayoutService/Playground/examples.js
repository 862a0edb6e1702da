// The playground's examples: name -> a function answering the spec (or a promise of it: it is given the page's
// client). Add one with a line here; the page lists them in this order.
// Deterministic: a small seeded generator, so that the same example always gives the same id.
function rng(seed) { return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648); }
const words = "swift layout flow grid tag cloud waterfall masonry circle wheel picker header footer pinned " +
  "decoration background section item cell supplementary rect scroll offset prepare attributes service";
// A chat's messages: varied heights, numbered from the start of the conversation (viewport.js adds more).
let chatSerial = 0;
const chatMessage = () => { chatSerial += 1; return [374, 36 + (chatSerial * 37) % 90]; };
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
  // A spreadsheet: uniform rows and columns with a few sizes of their own (O(1) to prepare), the header row and
  // column and a total row at the bottom frozen; merged ranges near the top and then every 10,000 rows.
  "Spreadsheet": () => ({layout: "grid", collectionView: {width: 720, height: 560},
    rows: {count: 1000000, size: 28, overrides: {"0": 36}}, columns: {count: 10000, size: 100, overrides: {"0": 64}},
    frozen: {top: 1, bottom: 1, leading: 1, trailing: 0},
    merged: Array.from({length: 200}, (_, k) => k < 100
      ? {row: 3 + 7 * k, column: 1 + (5 * k) % 30, rows: 1 + k % 3, columns: 2 + k % 4}
      : {row: 1000 + 10000 * (k - 100), column: 1 + (37 * k) % 9990, rows: 1 + k % 3, columns: 2 + k % 4})}),
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
  "Chat": () => { chatSerial = 0;
    return {layout: "flow", collectionView: {width: 390, height: 600, contentInset: {top: 0, bottom: 0}},
      contentAnchor: "end", minimumLineSpacing: 8, sectionInset: {top: 8, left: 8, bottom: 8, right: 8},
      sections: [{itemSizes: Array.from({length: 12}, chatMessage)}]}; },
  // A layout program (docs/programs.md): the calendar week of examples/programs, which the service serves, posted
  // first (its id is the SHA-256 of its bytes), then a spec naming it. Clashing events share their day side by side.
  "Calendar week (program)": async (client) => {
    const module = await fetch("/playground/programs/calendar.wasm").then((r) => r.arrayBuffer());
    const {id} = await client.postProgram(new Uint8Array(module));
    const r = rng(11), events = [];
    for (let i = 0; i < 70; i++) {
      const start = 6 + Math.floor(r() * 32) / 2;
      events.push(Math.floor(r() * 7), start, start + 0.5 + Math.floor(r() * 5) / 2);
    }
    return {layout: "program", program: id, collectionView: {width: 390, height: 600},
      sections: [{items: 70}], parameters: {days: 7, firstHour: 6, hourHeight: 64, timeColumnWidth: 40,
        headerHeight: 36, events}};
  },
};
