/// Turns the bytes a terminal sends into keys: characters in UTF-8, control keys, the escape sequences of the
/// cursor and editing keys (in both cursor modes, and as the terminal's terminfo entry names them), and mouse
/// reports (SGR and X10). A sequence cut by the end of a read waits for the next one; sequences of keys Arbor
/// does not answer (function keys, Ctrl-arrows, focus reports) are dropped whole rather than read as typing.
package struct TerminalKeyDecoder: Sendable {
    /// Escape sequences (from ESC on) and their keys, the terminal's own first: a few dozen, looked up only for
    /// an escape sequence, so a list searched in order serves.
    private let sequences: [KeySequence]
    /// The longest sequence in `sequences`.
    private let longest: Int
    /// Bytes of a sequence or character that the last read cut.
    private var pending: [UInt8] = []

    /// The sequences xterm and its kin send in either cursor mode.
    static let standardSequences: KeyValuePairs<String, Key> = [
        "[A": .up, "[B": .down, "[C": .right, "[D": .left, "[H": .home, "[F": .end,
        "OA": .up, "OB": .down, "OC": .right, "OD": .left, "OH": .home, "OF": .end, "OM": .enter,
        "[1~": .home, "[7~": .home, "[4~": .end, "[8~": .end, "[3~": .delete, "[5~": .pageUp, "[6~": .pageDown,
        "[Z": .backTab, "[1;2A": .shiftUp, "[1;2B": .shiftDown, "[5;2~": .shiftPageUp, "[6;2~": .shiftPageDown,
        "[a": .shiftUp, "[b": .shiftDown,
    ]

    /// A decoder knowing the standard sequences and `extra` ones (a terminfo entry's key strings, ESC first);
    /// where both name a sequence, `extra` wins.
    package init(extra: [KeySequence] = []) {
        let own = extra.filter { $0.bytes.count >= 2 && $0.bytes[0] == 0x1B }
        sequences = own + Self.standardSequences.map { KeySequence([0x1B] + Array($0.key.utf8), $0.value) }
        longest = sequences.map { $0.bytes.count }.max() ?? 0
    }

    /// The key of a whole escape sequence, if it names one.
    private func key(of sequence: ArraySlice<UInt8>) -> Key? {
        sequences.first { $0.bytes.elementsEqual(sequence) }?.key
    }

    /// Whether the bytes read so far end inside a sequence or a character, which the next read may complete.
    package var isWaiting: Bool { !pending.isEmpty }

    /// The keys in `bytes`, after what the last read left waiting; a cut sequence at the end waits in turn.
    package mutating func decode(_ bytes: some Collection<UInt8>) -> [Key] {
        var input = pending
        input.append(contentsOf: bytes)
        pending = []
        var keys: [Key] = []
        var index = 0
        while index < input.count {
            switch step(input, at: index) {
            case .key(let key, let next):
                if let key { keys.append(key) }
                index = next
            case .cut:
                pending = Array(input[index...])
                return keys
            }
        }
        return keys
    }

    /// The keys of what waits, once no more bytes came to complete it: an ESC alone is the Escape key and what
    /// followed it is read as typed; a character cut short is U+FFFD.
    package mutating func flush() -> [Key] {
        guard !pending.isEmpty else { return [] }
        let waiting = pending
        pending = []
        guard waiting[0] == 0x1B else { return [.character("\u{FFFD}")] }
        var keys: [Key] = [.escape]
        keys += decode(waiting.dropFirst())
        if !pending.isEmpty { keys += flush() }
        return keys
    }

    private enum Step {
        /// A key (nil: bytes to drop) and where the next one begins.
        case key(Key?, next: Int)
        /// The bytes from here on are the start of something a later read completes.
        case cut
    }

    private func step(_ input: [UInt8], at index: Int) -> Step {
        let byte = input[index]
        if byte == 0x1B { return escape(input, at: index) }
        if byte < 0x80 { return .key(Self.character(UInt32(byte)), next: index + 1) }
        return utf8(input, at: index)
    }

    /// A sequence from ESC: CSI (`ESC [` parameters final), SS3 (`ESC O` letter), or ESC alone before a key.
    private func escape(_ input: [UInt8], at index: Int) -> Step {
        guard index + 1 < input.count else { return .cut }
        switch input[index + 1] {
        case UInt8(ascii: "["):
            return controlSequence(input, at: index)
        case UInt8(ascii: "O"):
            guard index + 2 < input.count else { return .cut }
            guard (0x40...0x7E).contains(input[index + 2]) else { return .key(.escape, next: index + 1) }
            return .key(key(of: input[index...(index + 2)]), next: index + 3)
        default:
            // ESC before a key (Alt held, or Escape typed quickly before it): Escape, then the key.
            return .key(.escape, next: index + 1)
        }
    }

    private func controlSequence(_ input: [UInt8], at index: Int) -> Step {
        var end = index + 2
        if end < input.count, input[end] == UInt8(ascii: "M") {
            guard end + 3 < input.count else { return .cut }
            return .key(Self.mouse(button: Int(input[end + 1]) - 32, x: Int(input[end + 2]) - 33, y: Int(input[end + 3]) - 33),
                        next: end + 4)
        }
        while end < input.count, (0x20...0x3F).contains(input[end]) { end += 1 }
        // Longer than any key's sequence, ended or not (so that where a read cuts it does not matter): typing.
        if end - index > max(longest, 32) { return .key(.escape, next: index + 1) }
        guard end < input.count else { return .cut }
        guard (0x40...0x7E).contains(input[end]) else { return .key(.escape, next: index + 1) }
        let sequence = input[index...end]
        if let key = key(of: sequence) { return .key(key, next: end + 1) }
        if input[index + 2] == UInt8(ascii: "<"), input[end] == UInt8(ascii: "M") {
            let numbers = sequence[(index + 3)..<end].split(separator: UInt8(ascii: ";")).map { part in
                part.reduce(0) { value, digit in digit >= 0x30 && digit <= 0x39 ? min(value * 10 + Int(digit - 0x30), 1 << 20) : value }
            }
            if numbers.count == 3 { return .key(Self.mouse(button: numbers[0], x: numbers[1] - 1, y: numbers[2] - 1), next: end + 1) }
        }
        return .key(nil, next: end + 1)
    }

    /// A mouse report's event: a press of the first button or a turn of the wheel, with any modifier held;
    /// releases and motion are not events Arbor answers.
    private static func mouse(button: Int, x: Int, y: Int) -> Key? {
        guard x >= 0, y >= 0, button & 32 == 0 else { return nil }
        switch button & ~(4 | 8 | 16) {
        case 0: return .mouse(MouseEvent(.press, x: x, y: y))
        case 64: return .mouse(MouseEvent(.wheelUp, x: x, y: y))
        case 65: return .mouse(MouseEvent(.wheelDown, x: x, y: y))
        default: return nil
        }
    }

    private func utf8(_ input: [UInt8], at index: Int) -> Step {
        let lead = input[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, lead < 0xF5 else { return .key(.character("\u{FFFD}"), next: index + 1) }
        var available = 1
        while available < length, index + available < input.count, input[index + available] & 0xC0 == 0x80 { available += 1 }
        if available < length {
            return index + available == input.count ? .cut : .key(.character("\u{FFFD}"), next: index + available)
        }
        var scalar = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length { scalar = scalar << 6 | UInt32(input[index + offset] & 0x3F) }
        let shortest: [UInt32] = [0, 0, 0x80, 0x800, 0x10000]
        guard scalar >= shortest[length], let decoded = Unicode.Scalar(scalar) else {
            return .key(.character("\u{FFFD}"), next: index + length)
        }
        return .key(.character(Character(decoded)), next: index + length)
    }

    /// The key for a character typed (a byte below 0x80, or a decoded scalar).
    static func character(_ value: UInt32) -> Key? {
        switch value {
        case 10, 13: return .enter
        case 27: return .escape
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(value) + 0x60)))
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }
}

/// The bytes a terminal sends for a key.
package struct KeySequence: Sendable {
    /// The bytes, ESC first for an escape sequence.
    package let bytes: [UInt8]
    /// The key they stand for.
    package let key: Key

    /// A sequence of bytes for a key.
    package init(_ bytes: [UInt8], _ key: Key) {
        self.bytes = bytes
        self.key = key
    }
}
