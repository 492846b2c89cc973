/// An I-Regexp (RFC 9485), as `match()` and `search()` take it: checked against its grammar and translated to the
/// syntax of Swift's `Regex`, matching Unicode scalars.
struct IRegexp {
    /// The pattern in Swift's syntax.
    let translated: String

    /// Translates `pattern`; nil when it is not an I-Regexp.
    init?(_ pattern: String) {
        var reader = Reader(scalars: Array(pattern.unicodeScalars))
        guard let translated = reader.expression(), reader.atEnd else { return nil }
        self.translated = translated
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var position = 0
        var depth = 0

        var atEnd: Bool { position >= scalars.count }
        var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        mutating func expression() -> String? {
            guard depth < 64 else { return nil }
            var text = ""
            while true {
                guard let branch = branch() else { return nil }
                text += branch
                guard peek == "|" else { return text }
                position += 1
                text += "|"
            }
        }

        private mutating func branch() -> String? {
            var text = ""
            while let next = peek, next != "|", next != ")" {
                guard let atom = atom() else { return nil }
                text += atom
                guard let quantifier = quantifier() else { return nil }
                text += quantifier
            }
            return text
        }

        private mutating func quantifier() -> String? {
            switch peek {
            case "*", "+", "?":
                position += 1
                return String(scalars[position - 1])
            case "{":
                position += 1
                var text = "{"
                guard let low = digits() else { return nil }
                text += low
                if peek == "," {
                    position += 1
                    text += "," + (digits() ?? "")
                }
                guard peek == "}" else { return nil }
                position += 1
                return text + "}"
            default: return ""
            }
        }

        private mutating func digits() -> String? {
            let start = position
            while let next = peek, ("0"..."9").contains(next) { position += 1 }
            return position > start ? String(String.UnicodeScalarView(scalars[start..<position])) : nil
        }

        private mutating func atom() -> String? {
            guard let next = peek else { return nil }
            position += 1
            switch next {
            case "(":
                depth += 1
                defer { depth -= 1 }
                guard let inner = expression(), peek == ")" else { return nil }
                position += 1
                return "(?:" + inner + ")"
            case ".": return "[^\\n\\r]"
            case "[": return characterClass()
            case "\\": return escape(inClass: false)
            case ")", "*", "+", "?", "]", "{", "}", "|": return nil
            // Read as anchors, as the compliance suite and the ECMAScript engines most implementations use do.
            case "^", "$": return String(next)
            default: return Self.literal(next)
            }
        }

        /// A character written so that Swift's syntax reads it as itself.
        static func literal(_ scalar: Unicode.Scalar) -> String {
            if scalar.isASCII, !(("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)) {
                return scalar.value < 0x20 || scalar.value == 0x7F ? "\\x{\(String(scalar.value, radix: 16))}" : "\\" + String(scalar)
            }
            return String(scalar)
        }

        private mutating func escape(inClass: Bool) -> String? {
            guard let next = peek else { return nil }
            position += 1
            switch next {
            case "n": return "\\n"
            case "r": return "\\r"
            case "t": return "\\t"
            case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}": return Self.literal(next)
            case "p", "P":
                guard peek == "{" else { return nil }
                position += 1
                let start = position
                while let scalar = peek, scalar != "}" { position += 1 }
                guard peek == "}" else { return nil }
                let property = String(String.UnicodeScalarView(scalars[start..<position]))
                position += 1
                guard Self.categories.contains(property) else { return nil }
                return "\\" + String(next) + "{" + property + "}"
            default: return nil
            }
        }

        private static let categories: Set<String> = [
            "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No",
            "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "Z", "Zl", "Zp", "Zs", "S", "Sc", "Sk", "Sm", "So",
            "C", "Cc", "Cf", "Cn", "Co",
        ]

        private mutating func characterClass() -> String? {
            var text = "["
            if peek == "^" {
                position += 1
                text += "^"
            }
            var first = true
            while let next = peek, next != "]" {
                if next == "-" {
                    // A '-' is itself only first or last in the class.
                    position += 1
                    guard first || peek == "]" else { return nil }
                    text += "\\-"
                    first = false
                    continue
                }
                first = false
                if next == "\\", let property = peekProperty() {
                    text += property
                    continue
                }
                guard let low = classCharacter() else { return nil }
                text += low
                if peek == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    position += 1
                    guard let high = classCharacter() else { return nil }
                    text += "-" + high
                }
            }
            guard peek == "]", text != "[", text != "[^" else { return nil }
            position += 1
            return text + "]"
        }

        private mutating func peekProperty() -> String? {
            guard position + 1 < scalars.count, scalars[position + 1] == "p" || scalars[position + 1] == "P" else { return nil }
            position += 1
            return escape(inClass: true)
        }

        private mutating func classCharacter() -> String? {
            guard let next = peek else { return nil }
            position += 1
            switch next {
            case "\\": return escape(inClass: true)
            case "[", "]", "-": return nil
            default: return Self.literal(next)
            }
        }
    }
}
