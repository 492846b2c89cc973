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
#include <ncursesw/term.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/ioctl.h>

/* The terminal's size as the system knows it now (rows, columns); 0 when it cannot say. */
static inline int arbor_terminal_size(int fd, int *row_count, int *column_count) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return 0;
    *row_count = size.ws_row;
    *column_count = size.ws_col;
    return 1;
}

/* A pipe whose ends are close-on-exec from the start, so that no child spawned by another thread holds one. */
#ifdef __linux__
int pipe2(int pipefd[2], int flags);
static inline int arbor_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }
#else
static inline int arbor_pipe_cloexec(int fds[2]) {
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
}
#endif

/* Accessors for C globals and macros that Swift cannot import or may not touch. */

static inline WINDOW *arbor_stdscr(void) { return stdscr; }

static inline int arbor_key_code_yes(void) { return KEY_CODE_YES; }
static inline int arbor_key_resize(void) { return KEY_RESIZE; }
static inline int arbor_key_up(void) { return KEY_UP; }
static inline int arbor_key_down(void) { return KEY_DOWN; }
static inline int arbor_key_left(void) { return KEY_LEFT; }
static inline int arbor_key_right(void) { return KEY_RIGHT; }
static inline int arbor_key_home(void) { return KEY_HOME; }
static inline int arbor_key_end(void) { return KEY_END; }
static inline int arbor_key_dc(void) { return KEY_DC; }
static inline int arbor_key_ppage(void) { return KEY_PPAGE; }
static inline int arbor_key_npage(void) { return KEY_NPAGE; }
static inline int arbor_key_enter(void) { return KEY_ENTER; }
static inline int arbor_key_backspace(void) { return KEY_BACKSPACE; }
static inline int arbor_key_btab(void) { return KEY_BTAB; }
static inline int arbor_key_shift_up(void) { return KEY_SR; }
static inline int arbor_key_shift_down(void) { return KEY_SF; }
static inline int arbor_key_shift_ppage(void) { return KEY_SPREVIOUS; }
static inline int arbor_key_shift_npage(void) { return KEY_SNEXT; }

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

/* A terminfo string capability of the current terminal, or NULL when it has none. */
static inline const char *arbor_tigetstr(const char *name) {
    char *value = tigetstr(name);
    return value == (char *)-1 ? NULL : value;
}

/* A numeric terminfo capability of the current terminal, or -1 when it has none. */
static inline int arbor_tigetnum(const char *name) { return tigetnum(name); }

/* Whether the current terminal has a boolean terminfo capability. */
static inline int arbor_tigetflag(const char *name) { return tigetflag(name) > 0; }

/* A parameterised capability expanded with one or two numbers (tiparm is variadic, which Swift cannot call). */
static inline const char *arbor_tiparm1(const char *capability, int first) {
    const char *expanded = tiparm(capability, first);
    return expanded ? expanded : "";
}
static inline const char *arbor_tiparm2(const char *capability, int first, int second) {
    const char *expanded = tiparm(capability, first, second);
    return expanded ? expanded : "";
}

/* Opens the controlling terminal for ncurses; NULL when there is none. */
static inline FILE *arbor_open_tty(void) { return fopen("/dev/tty", "r+"); }

#endif
