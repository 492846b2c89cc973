/// Finds where JSON values end in bytes already known to be well-formed, without decoding them; its tokens are
/// read by ``JSONGrammar``, as the parser's and the scanners' are.
enum JSONValueSkipper {
    /// The end of a value, taken from `known` when the value is the one it spans.
    static func end(of start: Int, in bytes: [UInt8], unless known: Range<Int>?) -> Int {
        if let known, known.lowerBound == start { return known.upperBound }
        return end(of: start, in: bytes)
    }

    /// The offset just past the value that starts at `start`; iterative, so nesting depth costs no stack.
    static func end(of start: Int, in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { end(of: start, in: $0) }
    }

    static func end(of start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var position = start
        var depth = 0
        repeat {
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                position += 1
            case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: ":"):
                position += 1
            default:
                guard JSONGrammar.skipScalar(bytes, &position) else { return position }
            }
        } while depth > 0
        return position
    }

    /// The members of the object at `start`: each key decoded and the byte range of its value.
    /// A value starting where `known` starts ends where it ends, without scanning it again.
    static func members(of start: Int, in bytes: [UInt8], known: Range<Int>? = nil) -> [(key: String, value: Range<Int>)] {
        bytes.withUnsafeBufferPointer { buffer in
            var result: [(key: String, value: Range<Int>)] = []
            var position = start + 1
            while true {
                JSONGrammar.skipSpace(buffer, &position)
                guard buffer[position] == UInt8(ascii: "\"") else { return result }
                let keyStart = position
                _ = JSONGrammar.skipString(buffer, &position)
                let key = (try? JSONDocument.parse(Array(buffer[keyStart..<position])))?.nodes[0].text ?? ""
                JSONGrammar.skipSpace(buffer, &position)
                position += 1
                JSONGrammar.skipSpace(buffer, &position)
                var valueEnd = position
                if let known, known.lowerBound == position { valueEnd = known.upperBound } else { valueEnd = end(of: position, in: buffer) }
                result.append((key, position..<valueEnd))
                position = valueEnd
                JSONGrammar.skipSpace(buffer, &position)
                guard buffer[position] == UInt8(ascii: ",") else { return result }
                position += 1
            }
        }
    }
}
