// The block-style YAML reader's plain and quoted scalars over several lines (what YAML writers emit for a long
// text, folded at a width): their lines indented past the block they are in, joined as YAML 1.2 folds them (a
// line break between two lines a space, each empty line between a line break), written as one JSON string on
// the line they start on. What this reader does not take gives way: a tab, a line of a quoted scalar indented
// to the block's column or less, an empty line after a backslash ending a line, a plain scalar's line starting
// with an indicator or holding `: `.
#include "YAMLBlockState.h"

// Folds a line break into the scratch before a line's text: a space, or a line break for each empty line.
static int fold(state *s, int64_t empty) {
    if (empty == 0) return arbor_yb_scratch_put(s, (const uint8_t *)" ", 1);
    for (; empty > 0; empty--) if (!arbor_yb_scratch_put(s, (const uint8_t *)"\n", 1)) return 0;
    return 1;
}

int arbor_yb_plain_lines(state *s, const uint8_t *p, const uint8_t *last, const uint8_t *end, int32_t parent, int escapes) {
    const uint8_t *r = last;
    while (r < end && *r == ' ') r++;
    // A comment ends the scalar on its line.
    if (r < end || end == s->bytes + s->n) return arbor_yb_plain_value(s, p, last - p, escapes);
    int64_t pos = arbor_yb_next_line(s, end), line = s->line + 1, empty = 0, after = -1, after_line = 0;
    s->scratch_count = 0;
    while (pos < s->n) {
        const uint8_t *start = s->bytes + pos, *q = start, *input_end = s->bytes + s->n;
        while (q < input_end && *q == ' ') q++;
        if (q == input_end) break;
        if (arbor_yb_break_at(q, input_end)) {
            empty++;
        } else {
            if (q - start <= parent || *q == '#') break;
            if (*q == '\t') return GIVE_WAY;
            const uint8_t *stop = arbor_yb_line_end(q, input_end), *text_after;
            int more_escapes;
            const uint8_t *text_end = arbor_yb_plain_end(s, q, stop, 0, &text_after, &more_escapes);
            if (!text_end) return GIVE_WAY;
            if (after < 0 && !arbor_yb_scratch_put(s, p, last - p)) return GIVE_WAY;
            if (!fold(s, empty) || !arbor_yb_scratch_put(s, q, text_end - q)) return GIVE_WAY;
            escapes |= more_escapes || empty > 0;
            empty = 0;
            after = arbor_yb_next_line(s, stop);
            after_line = line + 1;
            // A comment ends it.
            const uint8_t *rest = text_end;
            while (rest < stop && *rest == ' ') rest++;
            if (rest < stop) break;
            q = stop;
        }
        pos = arbor_yb_next_line(s, q);
        line++;
        arbor_yb_passed(s, pos);
    }
    if (after < 0) return arbor_yb_plain_value(s, p, last - p, escapes);
    arbor_yb_quote(s, s->scratch, s->scratch_count, escapes);
    s->pos = after;
    s->line = after_line;
    return ADVANCED;
}

int arbor_yb_quoted_lines(state *s, const uint8_t *p, const uint8_t *end, int32_t parent) {
    uint8_t mark = *p;
    int closed, escaped_break;
    int64_t kept = 0, line = s->line;
    s->scratch_count = 0;
    const uint8_t *r = arbor_yb_quoted_run(s, mark, p + 1, end, &closed, &escaped_break, &kept);
    int64_t empty = 0;
    while (r && !closed) {
        // The blanks ending a line are not its text, but for an escaped one.
        if (!escaped_break) {
            while (s->scratch_count > kept && s->scratch[s->scratch_count - 1] == ' ') s->scratch_count--;
        }
        if (end == s->bytes + s->n) return GIVE_WAY;
        int64_t pos = arbor_yb_next_line(s, end);
        line++;
        arbor_yb_passed(s, pos);
        end = arbor_yb_line_end(s->bytes + pos, s->bytes + s->n);
        const uint8_t *q = s->bytes + pos;
        while (q < end && *q == ' ') q++;
        if (q == end) {
            if (escaped_break) return GIVE_WAY;
            empty++;
            continue;
        }
        if (q - (s->bytes + pos) <= parent || *q == '\t') return GIVE_WAY;
        if (!escaped_break && !fold(s, empty)) return GIVE_WAY;
        empty = 0;
        kept = s->scratch_count;
        r = arbor_yb_quoted_run(s, mark, q, end, &closed, &escaped_break, &kept);
    }
    if (!r || !arbor_yb_ends_line(s, r, end)) return GIVE_WAY;
    arbor_yb_quote(s, s->scratch, s->scratch_count, 1);
    if (line == s->line) return OK;
    s->pos = arbor_yb_next_line(s, end);
    s->line = line + 1;
    return ADVANCED;
}
