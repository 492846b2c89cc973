@testable import ArborSources
import Foundation
import Testing

/// Property lists written by Foundation, binary and XML, read by Arbor's own readers and compared with what
/// Foundation reads back from the same bytes.
@Suite("Property lists read without Foundation agree with Foundation")
struct PropertyListReaderTests {
    /// Foundation's reading of a value, as a document value (what Arbor showed when Foundation read them).
    static func expected(_ value: Any) -> DocumentValue {
        switch value {
        case let dictionary as [String: Any]:
            return .object(dictionary.keys.sorted().map { (key: $0, value: expected(dictionary[$0]!)) })
        case let array as [Any]: return .array(array.map { expected($0) })
        case let text as String: return .string(text)
        case let flag as Bool where type(of: value) == Bool.self: return .bool(flag)
        case let number as NSNumber:
            if ["d", "f"].contains(String(cString: number.objCType)) { return .number(BinaryPropertyList.realText(number.doubleValue)) }
            return .number(number.stringValue)
        case let date as Date:
            let formatter = ISO8601DateFormatter()
            return .string(formatter.string(from: date))
        case let data as Data: return .string("<\(data.count) bytes>")
        default: return .string("\(value)")
        }
    }

    /// A random property list value, `depth` levels at most.
    static func randomValue(_ generator: inout SystemRandomNumberGenerator, depth: Int) -> Any {
        let texts = ["", "a", " spaced ", "<&>\"'", "ünïcödé ✓", "line\nbreak", "tab\there", "😀 emoji"]
        switch Int.random(in: 0..<(depth > 0 ? 10 : 7), using: &generator) {
        case 0: return texts.randomElement(using: &generator)!
        case 1: return Int.random(in: -1_000_000_000_000...1_000_000_000_000, using: &generator)
        case 2: return [0, 1, -1, 255, 256, 65_535, 65_536, Int(Int32.max), Int(Int64.max), Int(Int64.min)].randomElement(using: &generator)!
        case 3: return [0.5, -2.25, 1e100, 3.0, 0.1, -0.0].randomElement(using: &generator)!
        case 4: return Bool.random(using: &generator)
        case 5: return Date(timeIntervalSinceReferenceDate: Double(Int.random(in: -2_000_000_000...2_000_000_000, using: &generator)))
        case 6: return Data((0..<Int.random(in: 0...40, using: &generator)).map { UInt8($0) })
        case 7, 8:
            var dictionary: [String: Any] = [:]
            for index in 0..<Int.random(in: 0...5, using: &generator) {
                dictionary["\(texts.randomElement(using: &generator)!)\(index)"] = randomValue(&generator, depth: depth - 1)
            }
            return dictionary
        default:
            return (0..<Int.random(in: 0...5, using: &generator)).map { _ in randomValue(&generator, depth: depth - 1) }
        }
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func randomListsReadAsFoundationReadsThem(format: PropertyListSerialization.PropertyListFormat) throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let value = ["top": Self.randomValue(&generator, depth: 4)]
            let bytes = Array(try PropertyListSerialization.data(fromPropertyList: value, format: format, options: 0))
            let read = try PropertyListKind.value(of: bytes, origin: "random.plist")
            let foundation = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            let expected = Self.expected(foundation)
            // An XML real keeps the literal Foundation wrote (`0.10000000000000001`, `0.0`): numbers compare by value.
            func texts(_ document: JSONDocument) -> [String] {
                document.nodes.map { $0.kind == .number ? Double($0.text).map { "\($0)" } ?? $0.text : $0.text }
            }
            #expect(texts(read.document) == texts(expected.document))
            #expect(read.document.nodes.map(\.key) == expected.document.nodes.map(\.key))
            #expect(read.document.nodes.map(\.kind) == expected.document.nodes.map(\.kind))
        }
    }

    @Test func problemsNameTheFileAndInXMLThePlace() {
        let cases: [(String, String)] = [
            ("<plist><dict><key>a</key></dict></plist>", "x.plist: invalid property list at line 1, column 14: <dict> holds a key without a value"),
            ("<plist><dict><string>a</string><true/></dict></plist>", "x.plist: invalid property list at line 1, column 22: expected <key> in <dict>, saw <string>"),
            ("<plist>\n<integer>12x</integer></plist>", "x.plist: invalid property list at line 2, column 10: '12x' is not an integer"),
            ("<plist><blob/></plist>", "x.plist: invalid property list at line 1, column 15: <blob> is not a property list value"),
        ]
        for (text, message) in cases {
            #expect(throws: SourceLoadError(message)) { try PropertyListKind.value(of: Array(text.utf8), origin: "x.plist") }
        }
        let truncated = Array("bplist00".utf8) + [UInt8](repeating: 0, count: 40)
        #expect(throws: SourceLoadError.self) { try PropertyListKind.value(of: truncated, origin: "x.plist") }
    }

    @Test func objectsSharedOverAndOverAreRefused() throws {
        // Ten arrays of ten references to the array before: 10^10 values from a few hundred bytes.
        var objects: [[UInt8]] = [[0x09]]
        for index in 1...10 { objects.append([0xAA] + [UInt8](repeating: UInt8(index - 1), count: 10)) }
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects { offsets.append(bytes.count); bytes += object }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 2, 1] + bigEndian(objects.count) + bigEndian(10) + bigEndian(table)
        #expect(throws: SourceLoadError("bomb.plist: invalid property list: its objects expand to more than 100000 values; refused")) {
            try PropertyListKind.value(of: bytes, origin: "bomb.plist")
        }
    }

    private func bigEndian(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
}
