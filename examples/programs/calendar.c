/* A calendar week as a layout program (the service has no such kind): days as columns, events placed by their
 * start and end times, events that clash sharing their day's column side by side.
 *
 * Parameters:
 *   days (7), firstHour (0), hourHeight (60), timeColumnWidth (50), headerHeight (40),
 *   events [day, start, end, day, start, end, ...]  (hours from midnight, e.g. 9.5 for 9:30; one section,
 *   item i is the i-th event).
 * Elements: one header per day (kind "day", item = the day), then the events in item order. A day's events are
 * taken by start time; each group of events that overlap (directly or through others) is split into lanes, each
 * event in the first lane free at its start, and every event of the group is as wide as its day over the group's
 * lane count. */
#include "layout_support.h"

struct event {
    double start, end;
    int32_t day, lane, lanes;
};

static struct event *events;

/* Orders event indexes by day, then start, then index (a merge sort: stable and O(n log n)). */
static int before(uint32_t a, uint32_t b) {
    if (events[a].day != events[b].day) return events[a].day < events[b].day;
    if (events[a].start != events[b].start) return events[a].start < events[b].start;
    return a < b;
}

static void sort(uint32_t *order, uint32_t *scratch, uint32_t n) {
    for (uint32_t width = 1; width < n; width *= 2) {
        for (uint32_t lo = 0; lo < n; lo += 2 * width) {
            uint32_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            uint32_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) scratch[k++] = before(order[j], order[i]) ? order[j++] : order[i++];
            while (i < mid) scratch[k++] = order[i++];
            while (j < hi) scratch[k++] = order[j++];
        }
        for (uint32_t i = 0; i < n; i++) order[i] = scratch[i];
    }
}

static double lane_ends[256];

LAYOUT_EXPORT("layout_prepare") void layout_prepare(const struct layout_input *input) {
    int days = (int)number_or(input, "days", 7);
    if (days < 1) days = 1;
    double first_hour = number_or(input, "firstHour", 0);
    double hour_height = number_or(input, "hourHeight", 60);
    double time_width = number_or(input, "timeColumnWidth", 50);
    double header = number_or(input, "headerHeight", 40);
    double day_width = (input->view_width - time_width) / (double)days;
    for (int d = 0; d < days; d++) emit(time_width + (double)d * day_width, 0, day_width, header, 0, d, "day", 3);
    uint32_t n = input->section_count > 0 ? input->item_counts[0] : 0;
    uint32_t count;
    const double *list = numbers_at(input, "events", &count);
    if (n == 0 || !list) {
        flush();
        return;
    }
    events = layout_alloc(n * sizeof(struct event));
    uint32_t *order = layout_alloc(n * sizeof(uint32_t));
    uint32_t *scratch = layout_alloc(n * sizeof(uint32_t));
    if (!events || !order || !scratch) __builtin_trap();
    for (uint32_t i = 0; i < n; i++) {
        /* Event i's day, start and end; missing values read as 0. */
        double value[3] = {0, 0, 0};
        for (uint32_t k = 0; k < 3 && 3 * i + k < count; k++) value[k] = list[3 * i + k];
        int day = (int)value[0];
        events[i].day = day < 0 ? 0 : day >= days ? days - 1 : day;
        events[i].start = value[1];
        events[i].end = value[2];
        if (events[i].end < events[i].start) events[i].end = events[i].start;
        order[i] = i;
    }
    sort(order, scratch, n);
    /* Groups of overlapping events, one day at a time: lanes within a group, then the group's width. */
    uint32_t group = 0;
    int lanes = 0;
    double group_end = 0;
    for (uint32_t k = 0; k <= n; k++) {
        struct event *e = k < n ? &events[order[k]] : 0;
        if (k == n || k == group || e->day != events[order[group]].day || e->start >= group_end) {
            for (uint32_t g = group; g < k; g++) events[order[g]].lanes = lanes;
            if (k == n) break;
            group = k;
            lanes = 0;
            group_end = e->end;
        }
        int lane = 0;
        while (lane < lanes && lane_ends[lane] > e->start) lane++;
        if (lane == lanes && lanes < 256) lanes++;
        if (lane == 256) lane = 255;
        lane_ends[lane] = e->end;
        e->lane = lane;
        if (e->end > group_end) group_end = e->end;
    }
    for (uint32_t i = 0; i < n; i++) {
        struct event *e = &events[i];
        double width = day_width / (double)e->lanes;
        emit(time_width + (double)e->day * day_width + (double)e->lane * width,
             header + (e->start - first_hour) * hour_height, width, (e->end - e->start) * hour_height, 0,
             (int32_t)i, 0, 0);
    }
    flush();
}
