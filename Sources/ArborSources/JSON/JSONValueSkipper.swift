/// Finds where JSON values end in bytes already known to be well-formed, without decoding them.
enum JSONValueSkipper {
    /// The end of a value, taken from `known` when the value is the one it spans.
    static func end(of start: Int, in bytes: [UInt8], unless known: Range<Int>?) -> Int {
        if let known, known.lowerBound == start { return known.upperBound }
        return end(of: start, in: bytes)
    }

    /// The offset just past the value that starts at `start`; iterative, so nesting depth costs no stack.
    static func end(of start: Int, in bytes: [UInt8]) -> Int {
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
            case UInt8(ascii: "\""):
                position += 1
                while bytes[position] != UInt8(ascii: "\"") { position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1 }
                position += 1
            default:
                if depth == 0 {
                    while position < bytes.count, !",}] \n\r\t".utf8.contains(bytes[position]) { position += 1 }
                    return position
                }
                position += 1
            }
        } while depth > 0
        return position
    }

    /// The members of the object at `start`: each key decoded and the byte range of its value.
    /// A value starting where `known` starts ends where it ends, without scanning it again.
    static func members(of start: Int, in bytes: [UInt8], known: Range<Int>? = nil) -> [(key: String, value: Range<Int>)] {
        var result: [(key: String, value: Range<Int>)] = []
        var position = start + 1
        while true {
            skipSpace(bytes, &position)
            guard bytes[position] == UInt8(ascii: "\"") else { return result }
            let keyEnd = end(of: position, in: bytes)
            let key = (try? JSONDocument.parse(Array(bytes[position..<keyEnd])))?.nodes[0].text ?? ""
            position = keyEnd
            skipSpace(bytes, &position)
            position += 1
            skipSpace(bytes, &position)
            let valueEnd = end(of: position, in: bytes, unless: known)
            result.append((key, position..<valueEnd))
            position = valueEnd
            skipSpace(bytes, &position)
            guard bytes[position] == UInt8(ascii: ",") else { return result }
            position += 1
        }
    }

    private static func skipSpace(_ bytes: [UInt8], _ position: inout Int) {
        while bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09 {
            position += 1
        }
    }
}
