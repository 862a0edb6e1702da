/**
 * CSS `font-family`: the style's family, then the service's fallback families, each quoted.
 * @param {string} family
 * @param {string[]} [fallback]
 * @returns {string}
 */
export function fontStack(family: string, fallback?: string[]): string;
/**
 * `@font-face` rules for every family and weight of a `GET /v1/fonts` answer, each face's file from the service.
 * @param {FontCatalog} catalog
 * @param {string} [baseURL]
 * @returns {string}
 */
export function fontFaceRules(catalog: FontCatalog, baseURL?: string): string;
/**
 * Declares the service's fonts in `document` with one `<link rel="stylesheet">` to `GET /v1/fonts.css`, whose
 * `@font-face` rules name every face (large ones in slices by `unicode-range`, so a page downloads only the slices
 * its text uses), and returns the catalog (`GET /v1/fonts`) once the stylesheet is loaded; its `fallback` is the
 * font stack's tail for `drawTextCell`.
 * @param {import("./http-client.js").LayoutClient} client
 * @param {Document} document
 * @param {{signal?: AbortSignal}} options
 * @returns {Promise<FontCatalog>}
 */
export function declareFonts(client: import("./http-client.js").LayoutClient, document: Document, { signal }?: {
    signal?: AbortSignal;
}): Promise<FontCatalog>;
/**
 * Fills `view` (a cell's DOM element, placed at its frame) with a content cell: the padding, the media box above
 * (`media.aspectRatio`; its image is the caller's, `view.mediaBox`), each block in its style with the service's
 * font stack, `spacing` between parts, `maxLines` by `-webkit-line-clamp`. `styles` are the layout's `textStyles`,
 * `fallback` the fonts answer's `fallback`.
 * @param {HTMLElement & {mediaBox?: HTMLElement | null}} view
 * @param {CellContent} content
 * @param {Record<string, TextStyle>} styles
 * @param {string[]} [fallback]
 * @returns {HTMLElement & {mediaBox?: HTMLElement | null}}
 */
export function drawTextCell(view: HTMLElement & {
    mediaBox?: HTMLElement | null;
}, content: CellContent, styles: Record<string, TextStyle>, fallback?: string[]): HTMLElement & {
    mediaBox?: HTMLElement | null;
};
/**
 * A `GET /v1/fonts` answer: the families the service measures text with, and the font stack's tail.
 * @typedef {{families: {family: string, weights: number[]}[], fallback: string[]}} FontCatalog
 */
/**
 * A text style of a layout's `textStyles`.
 * @typedef {{family: string, weight: number, size: number, lineHeight: number}} TextStyle
 */
/**
 * A cell given as content: padding, an optional media box, blocks of text.
 * @typedef {object} CellContent
 * @property {{top?: number, right?: number, bottom?: number, left?: number}} [padding]
 * @property {number} [spacing]
 * @property {{aspectRatio: number}} [media]
 * @property {{style: string, text: string, maxLines?: number}[]} [blocks]
 */
/**
 * The CSS of a block of text in a content cell (beside the style's font and line height).
 * @type {Readonly<{whiteSpace: string, overflowWrap: string, wordBreak: string}>}
 */
export const TEXT_CSS: Readonly<{
    whiteSpace: string;
    overflowWrap: string;
    wordBreak: string;
}>;
/**
 * A `GET /v1/fonts` answer: the families the service measures text with, and the font stack's tail.
 */
export type FontCatalog = {
    families: {
        family: string;
        weights: number[];
    }[];
    fallback: string[];
};
/**
 * A text style of a layout's `textStyles`.
 */
export type TextStyle = {
    family: string;
    weight: number;
    size: number;
    lineHeight: number;
};
/**
 * A cell given as content: padding, an optional media box, blocks of text.
 */
export type CellContent = {
    padding?: {
        top?: number;
        right?: number;
        bottom?: number;
        left?: number;
    };
    spacing?: number;
    media?: {
        aspectRatio: number;
    };
    blocks?: {
        style: string;
        text: string;
        maxLines?: number;
    }[];
};
