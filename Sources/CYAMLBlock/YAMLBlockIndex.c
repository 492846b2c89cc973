// The containers of the block reader's text, handed to its sink as they are written: what a scan of the text
// reports (CJSONScan's events), without that scan. A second part's are handed apart and joined after the first
// part's where the texts are. An alias's copy of a collection is scanned where it is written; a stream of documents
// loses the index (its list's bracket is put before all the text), and the text is then scanned.
#include "YAMLBlockState.h"

void arbor_yb_hand_events(state *s) {
    if (!s->index_lost && s->parts_index_lost && atomic_load_explicit(s->parts_index_lost, memory_order_relaxed)) {
        arbor_yb_lose_index(s);
    }
    if (s->event_count > 0 && !s->index_lost) {
        s->sink->record(s->sink->context, s->floor ? 1 : 0, s->events, s->event_count, s->events_opened);
    }
    s->event_count = 0;
    s->events_opened = 0;
}

void arbor_yb_lose_index(state *s) {
    s->index_lost = 1;
    if (s->parts_index_lost) atomic_store_explicit(s->parts_index_lost, 1, memory_order_relaxed);
    s->event_count = 0;
    s->events_opened = 0;
    // A second part's (one with the first part's sequence below it) is lost at the join.
    if (s->sink && !s->floor) s->sink->lost = 1;
}

void arbor_yb_keep_entry(state *s) {
    if (!arbor_yb_grow((void **)&s->entry_starts, &s->entry_capacity, s->entry_count + 1, sizeof(int64_t))) {
        arbor_yb_lose_index(s);
        return;
    }
    s->entry_starts[s->entry_count++] = arbor_yb_written(s);
}

void arbor_yb_index_copy(state *s, const uint8_t *text, int64_t count, int64_t at, int32_t parent, int64_t place) {
    if (!s->sink || s->index_lost || count < 2 || (text[0] != '{' && text[0] != '[')) return;
    if (place > INT32_MAX) {
        arbor_yb_lose_index(s);
        return;
    }
    arbor_json_frame stack[64];
    arbor_json_event events[256];
    arbor_json_scan scan;
    arbor_json_scan_begin(&scan, text, count, 0, INT64_MAX, parent, (int32_t)place, s->next_container, 64, stack, 64,
                          events, 256);
    arbor_json_status status;
    do {
        status = arbor_json_scan_run(&scan);
        for (int64_t i = 0; i < scan.event_count; i++) {
            arbor_json_event event = events[i];
            event.offset += at;
            arbor_yb_event(s, event.kind, event.offset, event.a, event.b);
            if (event.kind == ARBOR_JSON_OPEN) s->events_opened++;
        }
    } while (status == ARBOR_JSON_PAUSED);
    s->next_container = scan.next_container;
    arbor_json_scan_end(&scan);
    // A copy is of a value the reader wrote: one that does not scan whole is not the text's.
    if (status != ARBOR_JSON_DONE) arbor_yb_lose_index(s);
}

void arbor_yb_join_index(state *s, state *part, int64_t shift, int64_t first_entry) {
    if (!s->sink || s->index_lost) return;
    if (part->index_lost || part->waiting_count > 0 || (int64_t)s->next_container + part->next_container >= INT32_MAX
        || shift + arbor_yb_written(part) > s->sink->offset_limit) {
        arbor_yb_lose_index(s);
        return;
    }
    arbor_yb_hand_events(s);
    const frame *sequence = &s->frames[s->depth - 1];
    s->sink->join(s->sink->context, shift, sequence->container, first_entry, part->entry_starts, part->entry_count);
    s->next_container += part->next_container;
}
