#!/usr/bin/env python3
"""ptyrun -- time a terminal program the way a person sees it, inside a pseudo-terminal.

  ptyrun.py --expect REGEX [--keys 'Down*20 Right Left'] [--runs 5] -- COMMAND [ARGS...]

One JSON line per metric on stdout: first_frame_ms (start -> the screen first matches
--expect), key_ms[KEY] (key sent -> last screen change before --quiet-ms of stillness),
probe_ms[N:KEY] (--probe KEY=REGEX, after the keys: KEY sent at once -> the first frame matching
REGEX, without waiting for stillness), rss_kb (peak resident memory of the program, VmHWM), rss_end_kb (resident memory once the keys are done, VmRSS). Medians, minimum, maximum over runs.
The screen is decoded with pyte; cursor keys follow the application-cursor mode the program
set; cursor-position and device-attribute queries are answered, so programs that ask
(fzf) do not wait.
"""
import argparse, fcntl, json, os, queue, re, signal, statistics, struct, sys, termios, threading, time

import pyte

CURSOR = {'Up': 'A', 'Down': 'B', 'Right': 'C', 'Left': 'D', 'Home': 'H', 'End': 'F'}
NAMED = {'Enter': '\r', 'Tab': '\t', 'Esc': '\x1b', 'Backspace': '\x7f', 'Space': ' ',
         'PgUp': '\x1b[5~', 'PgDn': '\x1b[6~'}
APPLICATION_CURSOR = 1 << 5  # pyte keeps private mode N as N << 5


def expand_keys(spec):
    keys = []
    for token in spec.split():
        name, _, count = token.partition('*')
        keys += [name] * (int(count) if count else 1)
    return keys


def encode(key, application_cursor):
    if key in CURSOR:
        return ('\x1bO' if application_cursor else '\x1b[') + CURSOR[key]
    if key in NAMED:
        return NAMED[key]
    if key.startswith('C-') and len(key) == 3:
        return chr(ord(key[2].lower()) - 96)
    return key


class Screen(pyte.Screen):
    """pyte's screen, tolerant of the private SGR sequences (`CSI > ... m`) some programs send."""

    def select_graphic_rendition(self, *attrs, private=False, **kwargs):
        if not private:
            super().select_graphic_rendition(*attrs)


class Session:
    """One run of the program in a pty of a fixed size."""

    def __init__(self, command, cols, rows, env, cwd):
        self.screen = Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.start = time.perf_counter()
        self.last_fed = self.start
        pid, fd = os.forkpty()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
            if cwd:
                os.chdir(cwd)
            os.execvpe(command[0], command, env)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
        self.alive = True
        self.chunks = queue.Queue()
        self.reader = threading.Thread(target=self.read_all, daemon=True)
        self.reader.start()

    def read_all(self):
        """Stamps every read the moment it returns, so decoding the screen never delays a timestamp."""
        while True:
            try:
                data = os.read(self.fd, 1 << 16)
            except OSError:
                data = b''
            self.chunks.put((time.perf_counter(), data))
            if not data:
                return

    def lines(self):
        """The screen's rows as text (pyte's own `display` fails on cells a wide character left empty)."""
        columns = self.screen.columns
        return [''.join(row[x].data for x in range(columns)) for row in (self.screen.buffer[y] for y in range(self.screen.lines))]

    def text(self):
        return '\n'.join(self.lines())

    def pump(self, timeout):
        """Handles the next read within `timeout` s: (its time, whether it changed the screen), or None."""
        try:
            stamp, data = self.chunks.get(timeout=max(0.0005, timeout))
        except queue.Empty:
            return None
        if not data:
            self.alive = False
            return None
        self.answer(data)
        before = self.lines()
        self.stream.feed(data)
        self.last_fed = stamp
        return stamp, self.lines() != before

    def answer(self, data):
        for match in re.finditer(rb'\x1b\[([?>]?)([0-9;]*)([cn])', data):
            private, params, final = match.groups()
            if final == b'c':
                reply = b'\x1b[>1;10;0c' if private == b'>' else b'\x1b[?62;22c'
            elif params == b'6':
                reply = b'\x1b[%d;%dR' % (self.screen.cursor.y + 1, self.screen.cursor.x + 1)
            else:
                reply = b'\x1b[0n'
            os.write(self.fd, reply)

    def wait_for(self, pattern, timeout):
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline and self.alive:
            read = self.pump(0.05)
            if read and read[1] and pattern.search(self.text()):
                return read[0]
        return None

    def first_frame_matching(self, pattern, since, timeout, already=False):
        """Decodes reads as they come until the screen matches `pattern`; returns the time of that read. With
        `already`, a screen that matches now counts, at the time of the read that drew it."""
        if already and pattern.search(self.text()):
            return max(since, self.last_fed)
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline and self.alive:
            read = self.pump(0.05)
            if read and read[0] >= since and pattern.search(self.text()):
                return read[0]
        return None

    def settle(self, quiet, since=None, timeout=10):
        """Collects reads until output has been still for `quiet` s (by read times, nothing left queued), then
        decodes them; returns the time of the last read that changed the screen. Decoding after the fact
        keeps the slow screen model from delaying the reader's timestamps."""
        collected = []
        last_read = since if since is not None else time.perf_counter()
        deadline = time.perf_counter() + timeout
        while self.alive and time.perf_counter() < deadline:
            wait = last_read + quiet - time.perf_counter()
            if wait <= 0 and self.chunks.empty():
                break
            try:
                stamp, data = self.chunks.get(timeout=max(0.0005, wait))
            except queue.Empty:
                continue
            if not data:
                self.alive = False
                break
            self.answer(data)
            collected.append((stamp, data))
            last_read = stamp
        last_change = None
        for stamp, data in collected:
            before = self.lines()
            self.stream.feed(data)
            self.last_fed = stamp
            if self.lines() != before and (since is None or stamp >= since):
                last_change = stamp
        return last_change

    def send(self, key):
        data = encode(key, APPLICATION_CURSOR in self.screen.mode).encode()
        sent = time.perf_counter()
        os.write(self.fd, data)
        return sent

    def peak_rss_kb(self, field='VmHWM'):
        try:
            with open(f'/proc/{self.pid}/status') as status:
                for line in status:
                    if line.startswith(field + ':'):
                        return int(line.split()[1])
        except OSError:
            return None
        return None

    def close(self):
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                break
            for _ in range(100):
                if os.waitpid(self.pid, os.WNOHANG)[0]:
                    return self.close_fd()
                time.sleep(0.01)
        self.close_fd()

    def close_fd(self):
        """Closes the pty once the reader has seen its end: a reader still in its loop would otherwise read from
        the next session's pty, which takes the same descriptor number, and steal its frames."""
        self.reader.join(timeout=5)
        os.close(self.fd)


def measure(args):
    pattern = re.compile(args.expect)
    keys = expand_keys(args.keys)
    env = {'PATH': os.environ.get('PATH', '/usr/bin:/bin'), 'TERM': args.term, 'LANG': 'C.UTF-8',
           'LC_ALL': 'C.UTF-8', 'HOME': args.home or '/tmp'}
    for pair in args.env:
        name, _, value = pair.partition('=')
        env[name] = value
    results = {'first_frame_ms': [], 'rss_kb': []}
    failures = 0
    for run in range(args.warmup + args.runs):
        session = Session(args.command, args.cols, args.rows, env, args.cwd)
        try:
            shown = session.wait_for(pattern, args.timeout)
            if shown is None:
                failures += 1
                sys.stderr.write(f'ptyrun: {args.label}: no first frame; the screen was:\n{session.text()}\n')
                continue
            counted = run >= args.warmup
            if counted:
                results['first_frame_ms'].append((shown - session.start) * 1000)
            session.settle(args.quiet_ms / 1000)
            for key in keys:
                if key.startswith('Rest'):  # RestS: S seconds without a key, what the program draws meanwhile read
                    time.sleep(float(key[4:]))
                    session.settle(args.quiet_ms / 1000)
                    continue
                sent = session.send(key)
                changed = session.settle(args.quiet_ms / 1000, since=sent)
                if counted and changed:
                    results.setdefault(f'key_ms[{key}]', []).append((changed - sent) * 1000)
            sent = time.perf_counter()
            for index, probe in enumerate(args.probe):
                key, _, expected = probe.partition('=')
                # A probe without a key waits for a later frame of the key before it.
                sent = session.send(key) if key else sent
                shown = session.first_frame_matching(re.compile(expected), sent, args.timeout, already=not key)
                if counted and shown is not None:
                    results.setdefault(f'probe_ms[{index}:{key}]', []).append((shown - sent) * 1000)
                elif shown is None:
                    sys.stderr.write(f'ptyrun: {args.label}: probe {probe} not seen; the screen was:\n{session.text()}\n')
            if args.probe:
                session.settle(args.quiet_ms / 1000)
            if counted:
                results['rss_kb'].append(session.peak_rss_kb())
                results.setdefault('rss_end_kb', []).append(session.peak_rss_kb('VmRSS'))
        finally:
            session.close()
    for metric, values in results.items():
        values = [v for v in values if v is not None]
        if values:
            print(json.dumps({'label': args.label, 'metric': metric, 'n': len(values),
                              'median': round(statistics.median(values), 2),
                              'min': round(min(values), 2), 'max': round(max(values), 2)}), flush=True)
    return 1 if failures == args.warmup + args.runs else 0


def main():
    sys.setswitchinterval(0.0005)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--expect', required=True)
    parser.add_argument('--keys', default='')
    parser.add_argument('--runs', type=int, default=5)
    parser.add_argument('--warmup', type=int, default=1)
    parser.add_argument('--quiet-ms', type=float, default=30)
    parser.add_argument('--timeout', type=float, default=60)
    parser.add_argument('--cols', type=int, default=120)
    parser.add_argument('--rows', type=int, default=40)
    parser.add_argument('--term', default='xterm-256color')
    parser.add_argument('--home')
    parser.add_argument('--cwd')
    parser.add_argument('--env', action='append', default=[])
    parser.add_argument('--label', default='')
    parser.add_argument('--probe', action='append', default=[],
                        help="KEY=REGEX, after --keys: send KEY at once and time the first frame matching REGEX "
                             "(an empty KEY times a later frame of the key before)")
    parser.add_argument('command', nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if args.command[:1] == ['--']:
        args.command = args.command[1:]
    args.label = args.label or os.path.basename(args.command[0])
    sys.exit(measure(args))


if __name__ == '__main__':
    main()
