/* The waterfall (masonry) of the articles as a layout program: the built-in "waterfall" kind, vertical, shortest
 * column placement, equal to it to the last bit for the same parameters.
 *
 * Parameters (layout-wide, every section alike):
 *   columnCount (2), columnSpacing (10), itemSpacing (10), sectionInset [top, left, bottom, right] ([0,0,0,0]),
 *   headerHeight (0), footerHeight (0), and the items of all sections in order, either
 *   itemHeights [h, ...]  or  itemSizes [w, h, w, h, ...] (scaled to the column's width, keeping their aspect).
 * Each section: its header (kind "header", the view's width), its cells, each under the shortest column (the
 * leftmost of equal ones), then its footer (kind "footer"). */
#include "layout_support.h"

static double bottoms[1024];
static char filled[1024];

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
    uint32_t count;
    const double *given = numbers_at(input, "sectionInset", &count);
    for (uint32_t i = 0; i < 4 && i < count; i++) inset[i] = given[i];
    /* The items' values, read in order; missing ones read as 0. */
    const double *items = numbers_at(input, "itemHeights", &count);
    int sizes = 0;
    if (!items) {
        items = numbers_at(input, "itemSizes", &count);
        if (!items) return;
        sizes = 1;
    }
    uint32_t next = 0;
    double column_length = (view_u - inset[1] - inset[3] - (double)(columns - 1) * spacing) / (double)columns;
    if (!(column_length > 0)) column_length = 0;
    double pitch = column_length + spacing;
    double v = 0;
    for (uint32_t s = 0; s < input->section_count; s++) {
        if (header > 0) emit(0, v, view_u, header, (int32_t)s, 0, "header", 6);
        double top = v + header + inset[0];
        for (int c = 0; c < columns; c++) {
            bottoms[c] = top;
            filled[c] = 0;
        }
        uint32_t n = input->item_counts[s];
        for (uint32_t i = 0; i < n; i++) {
            double length;
            if (sizes) {
                double w = next < count ? items[next] : 0;
                double h = next + 1 < count ? items[next + 1] : 0;
                next += 2;
                length = h * column_length / w;
            } else {
                length = next < count ? items[next] : 0;
                next++;
            }
            int shortest = 0;
            for (int c = 1; c < columns; c++)
                if (bottoms[c] < bottoms[shortest]) shortest = c;
            double start = bottoms[shortest] + (filled[shortest] ? item_spacing : 0);
            bottoms[shortest] = start + length;
            filled[shortest] = 1;
            emit(inset[1] + (double)shortest * pitch, start, column_length, length, (int32_t)s, (int32_t)i, 0, 0);
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
