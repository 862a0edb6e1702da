/* A waterfall whose items span columns, as a layout program: the built-in "waterfall" kind with `itemSpans`,
 * vertical, shortest-column placement (docs/specs.md's waterfall rules 1 and 2), equal to it to the last bit for
 * the same parameters.
 *
 * Parameters (layout-wide, every section alike):
 *   columnCount (2), columnSpacing (10), itemSpacing (10), sectionInset [top, left, bottom, right] ([0,0,0,0]),
 *   headerHeight (0), footerHeight (0), and the items of all sections in order: either
 *   itemHeights [h, ...]  or  itemSizes [w, h, w, h, ...] (scaled to the item's spanned width, keeping their
 *   aspect), and itemSpans [s, ...] (1 for an item past its end; clamped to the column count).
 * Each section: its header (kind "header", the view's width), its cells, then its footer (kind "footer"). An item
 * of span s takes the window of s adjacent columns whose highest bottom is the lowest (the leftmost of equal
 * ones) and starts below every column of it that already holds an item of the section (its bottom plus the item
 * spacing), or at the section's content start; each column of the window then ends at the item's end.
 * Cost: O(columns × span) an item (the windows scanned one by one). */
#include "layout_support.h"

/* Per column: its bottom, whether it holds an item of the section, its x. */
static double bottoms[1024], xs[1024];
static int filled[1024];

LAYOUT_EXPORT("layout_prepare") void layout_prepare(const struct layout_input *input) {
    double view_u = input->view_width;
    int columns = (int)number_or(input, "columnCount", 2);
    if (columns < 1) columns = 1;
    if (columns > 1024) columns = 1024;
    double spacing = number_or(input, "columnSpacing", 10);
    double item_spacing = number_or(input, "itemSpacing", 10);
    double header = number_or(input, "headerHeight", 0);
    double footer = number_or(input, "footerHeight", 0);
    double inset[4] = {0, 0, 0, 0}; /* top, left, bottom, right */
    uint32_t count, span_count;
    const double *given = numbers_at(input, "sectionInset", &count);
    for (uint32_t i = 0; i < 4 && i < count; i++) inset[i] = given[i];
    const double *spans = numbers_at(input, "itemSpans", &span_count);
    /* The items' values, read in order; missing ones read as 0. */
    const double *items = numbers_at(input, "itemHeights", &count);
    int sizes = 0;
    if (!items) {
        items = numbers_at(input, "itemSizes", &count);
        if (!items) return;
        sizes = 1;
    }
    uint32_t next = 0, flat = 0; /* the next item's value, and its index among all items */
    double column_length = (view_u - inset[1] - inset[3] - (double)(columns - 1) * spacing) / (double)columns;
    if (!(column_length > 0)) column_length = 0;
    double pitch = column_length + spacing;
    double v = 0;
    for (int c = 0; c < columns; c++) xs[c] = inset[1] + (double)c * pitch;
    for (uint32_t s = 0; s < input->section_count; s++) {
        if (header > 0) emit(0, v, view_u, header, (int32_t)s, 0, "header", 6);
        double top = v + header + inset[0];
        for (int c = 0; c < columns; c++) {
            bottoms[c] = top;
            filled[c] = 0;
        }
        uint32_t n = input->item_counts[s];
        for (uint32_t i = 0; i < n; i++, flat++) {
            double given_span = flat < span_count ? spans[flat] : 1;
            int span = given_span >= (double)columns ? columns : given_span > 1 ? (int)given_span : 1;
            double width = (double)span * column_length + (double)(span - 1) * spacing;
            double length;
            if (sizes) {
                double w = next < count ? items[next] : 0;
                double h = next + 1 < count ? items[next + 1] : 0;
                next += 2;
                length = h * width / w;
            } else {
                length = next < count ? items[next] : 0;
                next++;
            }
            /* The window of the least key (its columns' highest bottom), the leftmost of equal ones. */
            int first = 0;
            double least = 0;
            for (int c = 0; c + span <= columns; c++) {
                double key = bottoms[c];
                for (int k = c + 1; k < c + span; k++)
                    if (bottoms[k] > key) key = bottoms[k];
                if (c == 0 || key < least) {
                    least = key;
                    first = c;
                }
            }
            double start = top;
            for (int k = first; k < first + span; k++)
                if (filled[k] && bottoms[k] + item_spacing > start) start = bottoms[k] + item_spacing;
            for (int k = first; k < first + span; k++) {
                bottoms[k] = start + length;
                filled[k] = 1;
            }
            emit(xs[first], start, width, length, (int32_t)s, (int32_t)i, 0, 0);
        }
        double content_end = top;
        if (n > 0) {
            content_end = bottoms[0];
            for (int c = 1; c < columns; c++)
                if (bottoms[c] > content_end) content_end = bottoms[c];
        }
        double footer_start = content_end + inset[2];
        if (footer > 0) emit(0, footer_start, view_u, footer, (int32_t)s, 0, "footer", 6);
        v = footer_start + footer;
    }
    flush();
}
