#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CJSONScan

/// JSON's lexical grammar over a buffer, shared by the parser, the one-pass scanners and the value skipper:
/// each function moves `position` past one token (or run of space) and says whether it was well-formed.
enum JSONGrammar {
    /// Moves past a string, a number, `true`, `false` or `null`; false for anything else or a malformed one.
    @inline(__always)
    static func skipScalar(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Bool {
        switch bytes[position] {
        case UInt8(ascii: "\""): return skipString(bytes, &position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return skipNumber(bytes, &position)
        case UInt8(ascii: "t"): return skipLiteral(bytes, &position, "true")
        case UInt8(ascii: "f"): return skipLiteral(bytes, &position, "false")
        case UInt8(ascii: "n"): return skipLiteral(bytes, &position, "null")
        default: return false
        }
    }

    /// Moves past spaces, tabs and line ends. A function of its own, not a closure over `position`: a captured
    /// variable would be checked for exclusive access at run time on every byte.
    @inline(__always)
    static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09 {
            position += 1
        }
    }

    static func equal(_ key: UnsafeBufferPointer<UInt8>, _ name: [UInt8]) -> Bool {
        name.withUnsafeBufferPointer { sameBytes(key, $0) }
    }

    /// Moves past a string; false when it is not terminated or holds a raw control character or a bad escape,
    /// `position` then at the byte that ends it short. Sixteen bytes at a time, in C (`arbor_json_skip_string`).
    static func skipString(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Bool {
        guard let base = bytes.baseAddress else {
            position += 1
            return false
        }
        var at = Int64(position)
        let found = arbor_json_skip_string(base, Int64(bytes.count), &at) != 0
        position = Int(at)
        return found
    }

    /// The first position from `start` holding a quote, a backslash or a control character (or the end),
    /// eight bytes at a time.
    @inline(__always)
    static func nextSpecial(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var position = start
        let base = UnsafeRawPointer(bytes.baseAddress!)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while position + 8 <= bytes.count {
            let word = base.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
            let found = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
            if found & highs != 0 { break }
            position += 8
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 { return position }
            position += 1
        }
        return position
    }

    /// What makes a number malformed: the digit that was expected and not found.
    enum NumberProblem: Error {
        case integerDigit, fractionDigit, exponentDigit
    }

    /// Moves past a number; false when it is malformed.
    @inline(__always)
    static func skipNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Bool {
        scanNumber(bytes, &position) == nil
    }

    /// Moves past a number of JSON's grammar: `-`, then `0` or digits not starting with 0, a fraction, an exponent;
    /// returns what is wrong with it, or nil.
    static func scanNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> NumberProblem? {
        func isDigit(_ index: Int) -> Bool { index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 }
        func digits() -> Bool {
            guard isDigit(position) else { return false }
            while isDigit(position) { position += 1 }
            return true
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        if position < bytes.count, bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else if !digits() {
            return .integerDigit
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() else { return .fractionDigit }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() else { return .exponentDigit }
        }
        return nil
    }

    static func skipLiteral(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] { return false }
        position += count
        return true
    }
}
