#ifndef ARBOR_CNCURSES_SHIM_H
#define ARBOR_CNCURSES_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* Accessors for C globals and macros that Swift cannot import or may not touch. */

static inline WINDOW *arbor_stdscr(void) { return stdscr; }
static inline int arbor_lines(void) { return LINES; }
static inline int arbor_cols(void) { return COLS; }
static inline int arbor_colors(void) { return COLORS; }
static inline int arbor_color_pairs(void) { return COLOR_PAIRS; }

static inline attr_t arbor_a_normal(void) { return A_NORMAL; }
static inline attr_t arbor_a_bold(void) { return A_BOLD; }
static inline attr_t arbor_a_dim(void) { return A_DIM; }
static inline attr_t arbor_a_reverse(void) { return A_REVERSE; }
static inline attr_t arbor_a_underline(void) { return A_UNDERLINE; }

static inline int arbor_key_code_yes(void) { return KEY_CODE_YES; }
static inline int arbor_key_resize(void) { return KEY_RESIZE; }
static inline int arbor_key_up(void) { return KEY_UP; }
static inline int arbor_key_down(void) { return KEY_DOWN; }
static inline int arbor_key_left(void) { return KEY_LEFT; }
static inline int arbor_key_right(void) { return KEY_RIGHT; }
static inline int arbor_key_home(void) { return KEY_HOME; }
static inline int arbor_key_end(void) { return KEY_END; }
static inline int arbor_key_ppage(void) { return KEY_PPAGE; }
static inline int arbor_key_npage(void) { return KEY_NPAGE; }
static inline int arbor_key_enter(void) { return KEY_ENTER; }
static inline int arbor_key_backspace(void) { return KEY_BACKSPACE; }
static inline int arbor_key_btab(void) { return KEY_BTAB; }

static inline int arbor_key_mouse(void) { return KEY_MOUSE; }

/* Turns mouse reporting on (clicks and the wheel) or off. */
static inline void arbor_enable_mouse(int on) {
    mousemask(on ? (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED) : 0, NULL);
    mouseinterval(0);
}

/* Reads the pending mouse event: 1 press, 4 wheel up, 5 wheel down, 0 other, -1 none. */
static inline int arbor_read_mouse(int *x, int *y) {
    MEVENT event;
    if (getmouse(&event) != OK) return -1;
    *x = event.x;
    *y = event.y;
    if (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return 1;
    if (event.bstate & BUTTON4_PRESSED) return 4;
    if (event.bstate & BUTTON5_PRESSED) return 5;
    return 0;
}

/* Writes one grapheme (a base character and its combining marks) at y, x with attributes and a colour pair. */
static inline int arbor_put_cell(WINDOW *win, int y, int x, const wchar_t *text, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attrs, pair, NULL) != OK) {
        return ERR;
    }
    return mvwadd_wch(win, y, x, &cell);
}

/* Opens the controlling terminal for ncurses; NULL when there is none. The stream is fully buffered, so that a
   frame leaves in one write when ncurses flushes it (a terminal stream is otherwise line buffered). */
static inline FILE *arbor_open_tty(void) {
    FILE *tty = fopen("/dev/tty", "r+");
    if (tty) setvbuf(tty, NULL, _IOFBF, 1 << 16);
    return tty;
}

#endif
