/// Finds where JSON values end in bytes already known to be well-formed, without decoding them; its tokens are
/// read by ``JSONGrammar``, as the parser's and the scanners' are.
enum JSONValueSkipper {
    /// The end of a value, taken from `known` when the value is the one it spans.
    static func end(of start: Int, in bytes: SourceBytes, unless known: Range<Int>?) -> Int {
        if let known, known.lowerBound == start { return known.upperBound }
        return end(of: start, in: bytes)
    }

    /// The offset just past the value that starts at `start`; iterative, so nesting depth costs no stack.
    static func end(of start: Int, in bytes: SourceBytes) -> Int {
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
    static func members(of start: Int, in bytes: SourceBytes, known: Range<Int>? = nil) -> [(key: String, value: Range<Int>)] {
        bytes.withUnsafeBufferPointer { buffer in
            var result: [(key: String, value: Range<Int>)] = []
            forEachMember(of: start, in: buffer, known: known) { key, value in
                result.append(((try? JSONDocument.parse(Array(buffer[key])))?.nodes[0].text ?? "", value))
            }
            return result
        }
    }

    /// Hands the byte ranges of each member's key (with its quotes) and value of the object at `start` to `body`.
    static func forEachMember(of start: Int, in buffer: UnsafeBufferPointer<UInt8>, known: Range<Int>?,
                              _ body: (_ key: Range<Int>, _ value: Range<Int>) -> Void) {
        var position = start + 1
        while true {
            JSONGrammar.skipSpace(buffer, &position)
            guard buffer[position] == UInt8(ascii: "\"") else { return }
            let keyStart = position
            _ = JSONGrammar.skipString(buffer, &position)
            let key = keyStart..<position
            JSONGrammar.skipSpace(buffer, &position)
            position += 1
            JSONGrammar.skipSpace(buffer, &position)
            let valueEnd = known?.lowerBound == position ? known!.upperBound : end(of: position, in: buffer)
            body(key, position..<valueEnd)
            position = valueEnd
            JSONGrammar.skipSpace(buffer, &position)
            guard buffer[position] == UInt8(ascii: ",") else { return }
            position += 1
        }
    }
}
