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
#include <termios.h>

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

/* Reads the terminfo entry of $TERM for the terminal on fd and makes it the current one; 1 when there is one. */
static inline int arbor_setup_terminfo(int fd) {
    int status = 0;
    return setupterm(NULL, fd, &status) == OK;
}

/* Frees the current terminfo entry. */
static inline void arbor_release_terminfo(void) {
    if (cur_term) del_curterm(cur_term);
}

/* Sets the program's modes from the shell's: keys come as typed (no line editing, no echo, CR not made NL, signals
   still raised by their keys) and output goes as it is (NL not made CR NL), as curses' cbreak, noecho and nonl. */
static inline int arbor_program_modes(int fd, const struct termios *shell) {
    struct termios modes = *shell;
    modes.c_lflag &= ~(ICANON | ECHO);
    modes.c_lflag |= ISIG;
    modes.c_iflag &= ~ICRNL;
    modes.c_oflag &= ~ONLCR;
    modes.c_cc[VMIN] = 1;
    modes.c_cc[VTIME] = 0;
    return tcsetattr(fd, TCSADRAIN, &modes);
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

/* Opens the controlling terminal; NULL when there is none. */
static inline FILE *arbor_open_tty(void) { return fopen("/dev/tty", "r+"); }

#endif
