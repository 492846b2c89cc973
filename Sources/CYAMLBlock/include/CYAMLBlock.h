#ifndef ARBOR_YAML_BLOCK_H
#define ARBOR_YAML_BLOCK_H

#include <stdint.h>

#include "CJSONScan.h"

/// The most bytes a number writer writes.
#define ARBOR_YAML_NUMBER_BYTES 256

/// Writes a plain scalar that looks like a number (`text`, `count` bytes) as the JSON literal it stands for into
/// `out` (at most ARBOR_YAML_NUMBER_BYTES) and returns its length; 0 when it is written as text (a string, or a
/// number JSON has no literal for), -1 when its literal does not fit.
typedef int32_t (*arbor_yaml_number_writer)(const uint8_t *text, int64_t count, uint8_t *out);

/// How the pages of a mapped input are given back as they are read (see arbor_yaml_block_json).
#define ARBOR_YAML_REPORTS_READS 1
#define ARBOR_YAML_RELEASES_PAGES 2

/// A mark's `link` while a second part's alias waits for the first part's anchor (see arbor_yaml_value_mark).
#define ARBOR_YAML_WAITING INT32_MIN

/// An anchor and a tag, or an alias, read at a value (see arbor_yaml_json's `marks`): 32 bytes.
typedef struct {
    /// Where the value starts in the JSON text and where it ends: for an alias, the copy of the anchored value
    /// written for it.
    int64_t start;
    int64_t end;
    /// Where the anchor's name (without its `&`) or an alias's (without its `*`), and the tag (from its `!`), are
    /// in the reading's `names`.
    uint32_t name;
    uint32_t tag;
    /// For an anchor, where its value's path starts in `paths`; -1 for a tag alone; for an alias, -2 minus the
    /// mark of the anchored value (ARBOR_YAML_WAITING while a second part's alias waits for the first part's).
    int32_t link;
    /// For an anchor, its path's length; for an alias, the collections it is in.
    int16_t levels;
    /// The bytes of the name and of the tag, 0 for none (a name or tag is at most 255 bytes).
    uint8_t name_count;
    uint8_t tag_count;
} arbor_yaml_value_mark;

/// Whether a mark is an alias's.
static inline int arbor_yaml_is_alias(const arbor_yaml_value_mark *mark) { return mark->link <= -2; }

/// The mark of the value an alias's anchor marked (an index of `marks`).
static inline int64_t arbor_yaml_anchored(const arbor_yaml_value_mark *mark) { return -2 - (int64_t)mark->link; }

/// The JSON text of one YAML document, or where its reading gave way.
typedef struct {
    /// The JSON text (`malloc`ed; the caller frees it), each value on its YAML line; NULL when it was written to
    /// a file (`descriptor`).
    uint8_t *bytes;
    /// The bytes of the text.
    int64_t count;
    int64_t capacity;
    /// The file the text was written to (the caller maps it and closes it), else -1. While the text is written,
    /// `bytes` holds what follows its first `spilled` bytes, which are in the file.
    int32_t descriptor;
    int64_t spilled;
    /// Where the file holds the text: from `base`, with `gap_length` bytes that are not the text's from the text's
    /// byte `gap_at` on (a second part's text, written further on in the same file, taken where it was).
    /// `gap_at` and `gap_length` are multiples of the page size.
    int64_t base;
    int64_t gap_at;
    int64_t gap_length;
    /// While a second part's text is written to the same file from here, this text stays below it (0: no bound).
    int64_t limit;
    /// Where the reading gave way to the full parser: the byte the line it could not take starts at.
    int64_t gave_way_at;
    /// The documents read: 1, or several (`---` between them), then written as a list.
    int64_t documents;
    /// The parts the input was read in, on as many threads: 1, or 2 when a second part was read beside the first.
    int32_t parts;
    /// Where each flow collection with members written on a line of its own value starts and ends in `bytes`,
    /// in pairs, in order (`malloc`ed; the caller frees it; nested ones are inside theirs and not listed); they
    /// serve to place comments, and none are kept when no comment was read.
    int64_t *flows;
    int64_t flow_count;
    int64_t flow_capacity;
    /// Whether a comment was read.
    int32_t commented;
    /// The anchors, tags and aliases read, in the order of their values (`malloc`ed; the caller frees it). An
    /// alias's text is a copy of the anchored value's, its line breaks left out.
    arbor_yaml_value_mark *marks;
    int64_t mark_count;
    int64_t mark_capacity;
    /// The names of anchors and aliases and the tags the marks point into, each tag kept once where it repeats
    /// (`malloc`ed; the caller frees it).
    uint8_t *names;
    int64_t name_bytes;
    int64_t name_capacity;
    /// The paths of anchored values, a member a level: a sequence's index, or for a mapping's key -1 minus where
    /// the key's JSON string starts in the text (`malloc`ed; the caller frees it).
    int64_t *paths;
    int64_t path_count;
    int64_t path_capacity;
} arbor_yaml_json;

/// The parent a second part's containers in its first sequence have (see arbor_yaml_index_sink).
#define ARBOR_YAML_PART_SEQUENCE (-2)

/// Where the reader hands the containers of its text as it writes them, as a scan of the text reports them
/// (arbor_json_scan, a checkpoint every 64 members), so that the text need not be scanned again; but a checkpoint's
/// offset is just past the comma before its member (the line breaks and spaces after it not passed).
typedef struct {
    void *context;
    /// Takes `count` events opening `opened` containers, of part `part`: 0, or 1 for a second part read beside the
    /// first, whose containers are numbered from 0, whose offsets are from its own text's start and whose first
    /// sequence's members have parent ARBOR_YAML_PART_SEQUENCE and places counted from 1. Called on the part's own thread.
    void (*record)(void *context, int32_t part, const arbor_json_event *events, int64_t count, int64_t opened);
    /// Puts the second part's containers after those of the first part handed so far: their offsets moved on by
    /// `shift`, those in its first sequence members of `sequence` from its member `first_entry` on; each of them
    /// starts at `entry_starts` (`entry_count` of them, past their commas, before `shift`).
    void (*join)(void *context, int64_t shift, int32_t sequence, int64_t first_entry, const int64_t *entry_starts,
                 int64_t entry_count);
    /// Set by the reader when the containers handed are not its text's (a stream of documents): the text is to be
    /// scanned.
    int32_t lost;
    /// The largest offset the index holds: a container or checkpoint past it loses the index.
    int64_t offset_limit;
} arbor_yaml_index_sink;

/// Writes the document of `bytes` (UTF-8), or the list of its documents, as JSON text if it is written in the block style of
/// configuration files and API output (block mappings and sequences, plain and quoted scalars on one line or
/// folded over several, literal and folded block scalars, flow collections, comments, anchors, tags and aliases
/// of values; LF or CR LF line breaks, a byte order mark): 1 when written, 0 when the document holds anything
/// else (an anchor, tag or alias of a key, a scalar document, `...`, tabs, a CR alone, invalid YAML), for the
/// full parser to read. `reports_reads` is
/// ARBOR_YAML_REPORTS_READS to tell a mapped input's lease how far it has been read (`arbor_mapping_read`), so that
/// its pages are given back, ARBOR_YAML_RELEASES_PAGES for a private mapping of a file that is only read, whose
/// pages are given back as they are read; `depth_limit` is the deepest nesting written. A large input is read in
/// two parts on two threads. With a `spill_directory`, the text is written to an unnamed file there, `spill_window`
/// bytes at a time, rather than held (`result->descriptor`): from its start, or once it outgrows `spill_held` bytes
/// (0: from its start); where no such file can be made, or written to the end, it is held. With a `sink`, the
/// containers written are handed to it.
int32_t arbor_yaml_block_json(const uint8_t *bytes, int64_t count, int32_t reports_reads, int32_t depth_limit,
                              arbor_yaml_number_writer numbers, const char *spill_directory, int64_t spill_window,
                              int64_t spill_held, arbor_yaml_index_sink *sink, arbor_yaml_json *result);

/// A text being written: `bytes` (`malloc`ed; the caller frees it), `count` bytes written of `capacity`; where
/// set, `passed` is told every MiB or so how far its input has been read (`context` its first argument), so that
/// the pages of a long text's input can be given back while it is read.
typedef struct {
    uint8_t *bytes;
    int64_t count;
    int64_t capacity;
    void (*passed)(void *context, int64_t pos);
    void *context;
} arbor_yaml_text;

/// The text of a literal (`literal`) or folded block scalar whose lines start at `pos` of `bytes` (`n` bytes; its
/// header on the line before), read as YAML 1.2 reads them: `chomping` -1 to strip, 0 to clip, 1 to keep; its
/// lines indented past `parent` (-1 when not known), as far as its first line of text is. Appended to `text`;
/// returns where the line that ends it starts, `*lines` the lines read; -1 when it is not one read here (a tab
/// in the indentation, a line less indented than empty lines above it, a character that is not printable, no
/// line break after its last line, no memory).
int64_t arbor_yaml_block_scalar_text(const uint8_t *bytes, int64_t n, int64_t pos, int32_t literal, int32_t chomping,
                                     int32_t parent, arbor_yaml_text *text, int64_t *lines);

/// `code_point` written in UTF-8 at `out` (room for 4 bytes): the bytes written.
int32_t arbor_yaml_utf8(uint32_t code_point, uint8_t *out);

/// The escape of a double-quoted scalar at `p` (its backslash; not a line break's): its length in bytes, the
/// character it stands for in `*code_point`; 0 when it is not one.
int32_t arbor_yaml_escape(const uint8_t *p, const uint8_t *end, uint32_t *code_point);

/// An unnamed file for a text in `directory` (read and written; the caller closes it) on a file system of disk,
/// not of memory, where no limit on a file's size is set; -1 for none.
int32_t arbor_yaml_spill_file(const char *directory);

/// Writes the `count` bytes at `bytes` to the file open at `descriptor` from `offset`: 1, or 0 when it cannot.
int32_t arbor_yaml_file_write(int32_t descriptor, const uint8_t *bytes, int64_t count, int64_t offset);

/// Reads `count` bytes of the file open at `descriptor` from `offset` into `bytes`: 1, or 0 when it cannot.
int32_t arbor_yaml_file_read(int32_t descriptor, uint8_t *bytes, int64_t count, int64_t offset);

#endif
