/// The encoding an XML input declares, when it is one Arbor does not read (it reads UTF-8 and its ASCII subset).
enum XMLEncoding {
    /// The encoding named by a byte-order mark or the XML declaration, if it is not UTF-8; nil otherwise.
    static func unsupported(in bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16" }
        if bytes.starts(with: [0x3C, 0x00]) || bytes.starts(with: [0x00, 0x3C]) { return "UTF-16" }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes[start...].starts(with: Array("<?xml".utf8)) else { return nil }
        start += 5
        let end = min(bytes.count, start + 200)
        guard let close = bytes[start..<end].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = String(decoding: bytes[start..<close], as: UTF8.self)
        guard let range = declaration.firstRange(of: "encoding") else { return nil }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
        let name = String(rest.prefix { $0 != "\"" && $0 != "'" && $0 != " " })
        return ["utf-8", "utf8", "us-ascii", "ascii"].contains(name.lowercased()) ? nil : name
    }
}
