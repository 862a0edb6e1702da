// The playground's examples: name -> a function answering the spec. Add one with a line here; the page lists them
// in this order.
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
  "Chat": () => { chatSerial = 0;
    return {layout: "flow", collectionView: {width: 390, height: 600, contentInset: {top: 0, bottom: 0}},
      contentAnchor: "end", minimumLineSpacing: 8, sectionInset: {top: 8, left: 8, bottom: 8, right: 8},
      sections: [{itemSizes: Array.from({length: 12}, chatMessage)}]}; },
};
