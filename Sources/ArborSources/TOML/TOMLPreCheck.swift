/// Names three mistakes more plainly than the parser's general messages, before it runs: a table header with
/// no key after its bracket (`[!]`, `[ #`, `[` at the end of a line), a date whose `T` is not followed by the
/// digits of a time (`1979-05-27Tx`), and a `}` where an array's element should start (`[}]`, `[1, }`).
package enum TOMLPreCheck {
    /// An open bracket: an array (whether an element should come next) or an inline table.
    private enum Container {
        case array(expectsElement: Bool)
        case table
    }

    /// The line and column (from 1) of the first such header's offending character, and what it says.
    package static func problem(in text: String) -> (line: Int, column: Int, message: String)? {
        let scalars = Array(text.unicodeScalars)
        var index = scalars.first == "\u{FEFF}" ? 1 : 0
        var line = 1, lineStart = index
        var inStatement = false
        var containers: [Container] = []
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" {
                index += 1
                line += 1
                lineStart = index
                if containers.isEmpty { inStatement = false }
                continue
            }
            if scalar == "#" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
                continue
            }
            if scalar == " " || scalar == "\t" || scalar == "\r" {
                index += 1
                continue
            }
            if !inStatement, scalar == "[" {
                var key = index + 1
                if key < scalars.count, scalars[key] == "[" { key += 1 }
                while key < scalars.count, scalars[key] == " " || scalars[key] == "\t" { key += 1 }
                if key >= scalars.count || !startsKey(scalars[key]) {
                    let saw = key < scalars.count ? describe(scalars[key]) : "the end of the file"
                    return (line, key - lineStart + 1, "a table header needs a name after its '[', saw \(saw)")
                }
            }
            inStatement = true
            if let column = timeWithoutDigits(scalars, at: index) {
                return (line, column - lineStart + 1, "a date's 'T' must be followed by the time's digits (HH:MM)")
            }
            if case .array(expectsElement: true) = containers.last {
                if scalar == "}" { return (line, index - lineStart + 1, "expected a value or ']' in the array, saw '}'") }
                if scalar != "]", scalar != "," { containers[containers.count - 1] = .array(expectsElement: false) }
            }
            switch scalar {
            case "\"", "'": index = endOfString(scalars, from: index, line: &line, lineStart: &lineStart)
            case "[": containers.append(.array(expectsElement: true)); index += 1
            case "{": containers.append(.table); index += 1
            case "]", "}": _ = containers.popLast(); index += 1
            case ",":
                if case .array = containers.last { containers[containers.count - 1] = .array(expectsElement: true) }
                index += 1
            default: index += 1
            }
        }
        return nil
    }

    /// Where a date starting at `index` (`YYYY-MM-DD` at the start of a value) has a `T` or `t` followed by
    /// something other than a digit: the index of that character; nil otherwise.
    private static func timeWithoutDigits(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
        guard index + 10 < scalars.count, index == 0 || !continuesToken(scalars[index - 1]) else { return nil }
        let pattern: [Bool] = [true, true, true, true, false, true, true, false, true, true]
        for (offset, isDigit) in pattern.enumerated() {
            let scalar = scalars[index + offset]
            guard isDigit ? ("0"..."9").contains(scalar) : scalar == "-" else { return nil }
        }
        guard scalars[index + 10] == "T" || scalars[index + 10] == "t" else { return nil }
        let after = index + 11
        return after < scalars.count && ("0"..."9").contains(scalars[after]) ? nil : after
    }

    private static func continuesToken(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-", ".", ":", "+": return true
        default: return false
        }
    }

    private static func startsKey(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-", "\"", "'", "]": return true
        default: return false
        }
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar == "\n" || scalar == "\r" { return "the end of the line" }
        guard scalar.value < 0x20 || scalar.value >= 0x7F else { return "'\(scalar)'" }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The index after a string starting at `start` (basic or literal, single-line or multi-line).
    private static func endOfString(_ scalars: [Unicode.Scalar], from start: Int, line: inout Int, lineStart: inout Int) -> Int {
        let quote = scalars[start]
        let triple = start + 2 < scalars.count && scalars[start + 1] == quote && scalars[start + 2] == quote
        var index = start + (triple ? 3 : 1)
        while index < scalars.count {
            let scalar = scalars[index]
            if quote == "\"", scalar == "\\" {
                index += 2
                continue
            }
            if scalar == "\n" {
                guard triple else { return index }
                line += 1
                lineStart = index + 1
            }
            if scalar == quote {
                if !triple { return index + 1 }
                if index + 2 < scalars.count, scalars[index + 1] == quote, scalars[index + 2] == quote {
                    var end = index + 3
                    while end < scalars.count, scalars[end] == quote, end < index + 5 { end += 1 }
                    return end
                }
            }
            index += 1
        }
        return index
    }
}
