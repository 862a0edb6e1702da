// The playground's examples: name -> a function answering the spec (or a promise of it: it is given the page's
// client). Add one with a line here; the page lists them in this order.
// Deterministic: a small seeded generator, so that the same example always gives the same id.
function rng(seed) { return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648); }
const words = "swift layout flow grid tag cloud waterfall masonry circle wheel picker header footer pinned " +
  "decoration background section item cell supplementary rect scroll offset prepare attributes service";

// Cells given as text content (docs/specs.md, "Cells given as content"): the service measures them when it prepares
// the layout, and the page draws them with its fonts (drawTextCell): no measuring pass. The text comes from a seeded
// generator over a word list, so that the same example always gives the same spec.
const TEXT_STYLES = {
  title: {family: "Inter", weight: 700, size: 16, lineHeight: 21},
  body: {family: "Inter", weight: 400, size: 14, lineHeight: 19},
  name: {family: "Inter", weight: 600, size: 12, lineHeight: 16},
};
const lexicon = ("the a of and to in is it that for on with as at by from this we you they our light harbour " +
  "evening morning river mountain street garden window kitchen market station bridge island forest village city " +
  "coast road walked found watched started finished remembered built opened closed painted wrote read carried " +
  "quiet bright long small early late warm cold old new green golden narrow wide strange familiar wonderful " +
  "photograph neighbourhood understanding conversation afternoon everything somewhere yesterday tomorrow " +
  "together already almost never always again slowly quickly carefully finally suddenly perhaps really " +
  "lighthouse wavelength architecture considerable characteristic responsibilities internationalization " +
  "coffee bread letter music story journey weather winter summer holiday friends family children people " +
  "well-known long-term state-of-the-art self-sizing twenty-one").split(" ");
/** `n` words from the list, as a sentence or a few: capitalised, with commas now and then, ended by a full stop. */
function prose(r, n) {
  const out = [];
  let start = true;
  for (let i = 0; i < n; i++) {
    let word = lexicon[Math.floor(r() * lexicon.length)];
    if (start) word = word[0].toUpperCase() + word.slice(1);
    start = false;
    if (i === n - 1 || r() < 0.08) { word += "."; start = true; } else if (r() < 0.1) word += ",";
    out.push(word);
  }
  return out.join(" ");
}
const ASPECTS = [1.5, 4 / 3, 1, 16 / 9, 0.8];
const CELL_PADDING = {top: 10, left: 12, bottom: 10, right: 12};
/**
 * A post: a title and 1 to 3 paragraphs (one block, a line break between them); every fourth or so has media above,
 * `spacing` apart. Short enough that 100,000 posts stay well within the service's body limit (`--max-body-bytes`).
 */
function textPost(r) {
  const paragraphs = Array.from({length: 1 + Math.floor(r() * 3)}, () => prose(r, 2 + Math.floor(r() * 12)));
  const post = {padding: CELL_PADDING,
    blocks: [{style: "title", text: prose(r, 2 + Math.floor(r() * 4)).slice(0, -1)},
      {style: "body", text: paragraphs.join("\n")}]};
  return r() < 0.25 ? {media: {aspectRatio: ASPECTS[Math.floor(r() * ASPECTS.length)]}, spacing: 6, ...post} : post;
}
/** The text feed's count: 100,000, or N for a page at `/#posts=N` (the browser test asks for fewer). */
const feedPosts = () => Math.max(1, Number(new URLSearchParams(location.hash.slice(1)).get("posts")) || 100000);
// A chat's messages: text of varied length under the sender's name, numbered from the start of the conversation
// (viewport.js adds more); each from a generator seeded by its number.
let chatSerial = 0;
const chatMessage = () => {
  chatSerial += 1;
  const r = rng(chatSerial * 7919), words = r() < 0.6 ? 2 + Math.floor(r() * 12) : 14 + Math.floor(r() * 50);
  return {padding: {top: 6, left: 12, bottom: 8, right: 12}, spacing: 2,
    blocks: [{style: "name", text: chatSerial % 3 ? "Ada" : "Grace"}, {style: "body", text: prose(r, words)}]};
};
const examples = {
  "Photo grid": () => ({layout: "flow", collectionView: {width: 390, height: 600},
    itemSize: {width: 124, height: 124}, minimumInteritemSpacing: 4, minimumLineSpacing: 4,
    sectionInset: {top: 4, left: 1, bottom: 4, right: 1}, headerReferenceSize: {width: 0, height: 36},
    sections: [{items: 300}, {items: 120}]}),
  // Squares of at least 120: as many columns as the viewport's width holds (docs/specs.md, "Counts that follow the
  // width"). The viewport follows the window's width, and the layout is laid out again as it changes.
  "Adaptive grid": () => ({layout: "flow", collectionView: {width: 390, height: 600},
    itemSize: {minimumWidth: 120, aspectRatio: 1}, minimumInteritemSpacing: 6, minimumLineSpacing: 6,
    sectionInset: {top: 6, left: 6, bottom: 6, right: 6}, sections: [{items: 600}]}),
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
  // Banners across the feed (itemSpans: every ninth item full width, every thirteenth two columns); its Grow buttons
  // report taller cells with and without keepColumns (kept-columns.js).
  "Waterfall with banners": () => { const r = rng(13);
    return {layout: "waterfall", collectionView: {width: 390, height: 600}, columnCount: 3, columnSpacing: 6,
      itemSpacing: 6, sectionInset: {top: 6, left: 6, bottom: 6, right: 6},
      sections: [{itemHeights: Array.from({length: 300}, (_, i) => (i % 9 === 4 ? 90 : Math.round(60 + r() * 180))),
        itemSpans: Array.from({length: 300}, (_, i) => (i % 9 === 4 ? 3 : i % 13 === 7 ? 2 : 1))}]}; },
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
  // 100,000 posts of text (a title, 1 to 3 paragraphs, some with media), one a line: heights from the service.
  "Text feed (100k posts)": () => { const r = rng(5);
    return {layout: "flow", collectionView: {width: 390, height: 600}, minimumLineSpacing: 8,
      sectionInset: {top: 8, left: 8, bottom: 8, right: 8}, textStyles: {title: TEXT_STYLES.title, body: TEXT_STYLES.body},
      sections: [{contents: Array.from({length: feedPosts()}, () => textPost(r))}]}; },
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
  // Scroll effects (docs/scroll-effects.md): a carousel whose centre card is whole and whose neighbours shrink and
  // fade along its row (a sideways wheel or drag moves the row; it then flings to a card), over rows that fade
  // towards the page's edges.
  "Carousel": () => { const fill = {item: {size: {width: {fractionalWidth: 1}, height: {fractionalHeight: 1}}}};
    return {layout: "compositional", collectionView: {width: 390, height: 700},
      scrollEffects: {scale: {minimum: 0.92}, alpha: {minimum: 0.35}},
      defaultSection: {group: {axis: "horizontal", size: {width: {fractionalWidth: 1}, height: {absolute: 64}}, subitems: [fill]},
        interGroupSpacing: 8, contentInsets: {top: 8, leading: 16, bottom: 8, trailing: 16}},
      sections: [{items: 12, section: {group: {axis: "horizontal", size: {width: {absolute: 260}, height: {absolute: 200}},
        subitems: [fill]}, interGroupSpacing: 12, contentInsets: {top: 16, leading: 65, bottom: 16, trailing: 65},
        orthogonalScrollingBehavior: "groupPagingCentered", scrollEffects: {scale: {minimum: 0.8}, alpha: {minimum: 0.5}}}},
        {items: 60}]}; },
  "Badges": () => ({layout: "compositional", collectionView: {width: 390, height: 600},
    defaultSection: {contentInsets: {top: 12, leading: 12, bottom: 12, trailing: 12}, interGroupSpacing: 16,
      group: {axis: "horizontal", size: {width: {fractionalWidth: 1}, height: {absolute: 80}},
        interItemSpacing: {flexible: 16}, subitems: [{item: {size: {width: {absolute: 80}, height: {absolute: 80}},
          supplementaryItems: [{kind: "badge", size: {width: {absolute: 24}, height: {absolute: 24}},
            anchor: {edges: ["top", "trailing"], fractionalOffset: {x: 0.3, y: -0.3}}}]}}]}},
    sections: [{items: 40}]}),
  // An outline (docs/compositional.md, "Outlines"): 1,000 folders of 9 folders of 10 files, 100,000 rows; the
  // top folders collapsed. A row's disclosure expands or collapses it, animated (playground.js).
  "File tree (100k nodes)": () => {
    const levels = [], collapsed = [];
    for (let f = 0; f < 1000; f++) {
      collapsed.push(levels.length);
      levels.push(0);
      for (let g = 0; g < 9; g++) { levels.push(1); for (let i = 0; i < 10; i++) levels.push(2); }
    }
    return {layout: "list", collectionView: {width: 390, height: 600}, rowHeight: {absolute: 32},
      sections: [{items: levels.length, outline: {levels, collapsed}}]};
  },
  "Settings list": () => ({layout: "list", collectionView: {width: 390, height: 700}, appearance: "insetGrouped",
    headerMode: "supplementary", footerMode: "supplementary", sections: [{items: 3}, {items: 5}, {items: 2}, {items: 6}]}),
  // A chat of text messages: it opens at the newest (contentAnchor "end"); Older and Newer insert messages.
  "Chat": () => { chatSerial = 0;
    return {layout: "flow", collectionView: {width: 390, height: 600, contentInset: {top: 0, bottom: 0}},
      contentAnchor: "end", minimumLineSpacing: 8, sectionInset: {top: 8, left: 8, bottom: 8, right: 8},
      textStyles: {name: TEXT_STYLES.name, body: TEXT_STYLES.body},
      sections: [{contents: Array.from({length: 12}, chatMessage)}]}; },
  // A profile page (docs/specs.md, "Collapsing headers"): a header of 280 that collapses to a bar of 88 as the page
  // scrolls, stretches when pulled down, and a tab bar (the pinned section header) that sticks below it.
  "Profile (collapsing header)": () => ({layout: "flow", collectionView: {width: 390, height: 600},
    collapsingHeader: {expandedHeight: 280, collapsedHeight: 88, behavior: "pinned", stretch: true},
    itemSize: {width: 390, height: 76}, minimumLineSpacing: 1, headerReferenceSize: {width: 0, height: 48},
    sectionHeadersPinToVisibleBounds: true, sections: [{items: 300}]}),
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
