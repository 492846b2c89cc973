import ArborCore
import Foundation

/// Property lists (`.plist`), XML or binary, read by Foundation, as documents: dictionaries (keys in order of
/// name, as the format keeps no order), arrays, and `key: value` members (dates in ISO 8601, data as its size).
struct PropertyListKind: SourceKind {
    var formats: [SourceFormat] { [.plist] }
    var summary: String { "property lists, XML or binary, as documents" }
    var extensions: [String: SourceFormat] { ["plist": .plist] }
    var readsBinary: Bool { true }

    func recognises(_ bytes: [UInt8]) -> SourceFormat? {
        if bytes.starts(with: Array("bplist0".utf8)) { return .plist }
        let head = String(decoding: bytes.prefix(512), as: UTF8.self)
        return head.contains("<!DOCTYPE plist") || head.contains("<plist") ? .plist : nil
    }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        let root: Any
        if let set = BinaryPropertyListSets.firstSet(in: input.bytes) {
            throw SourceLoadError("\(input.origin): invalid property list: object \(set) is a set, which property lists do not hold")
        }
        do {
            root = try PropertyListSerialization.propertyList(from: Data(input.bytes), options: [], format: nil)
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error.localizedDescription)"
            throw SourceLoadError("\(input.origin): invalid property list: \(reason)")
        }
        let document = Self.value(of: root).document
        return OpenedSource(hierarchy: JSONDocumentBuilder().hierarchy(from: document, name: input.name), format: .document)
    }

    /// A property list value as a document value.
    static func value(of value: Any) -> DocumentValue {
        switch value {
        case let dictionary as [String: Any]:
            return .object(dictionary.keys.sorted().map { (key: $0, value: Self.value(of: dictionary[$0]!)) })
        case let array as [Any]: return .array(array.map { Self.value(of: $0) })
        case let text as String: return .string(text)
        case let flag as Bool where type(of: value) == Bool.self: return .bool(flag)
        case let number as NSNumber: return .number(number.stringValue)
        case let date as Date: return .string(ISO8601DateFormatter().string(from: date))
        case let data as Data: return .string("<\(data.count) bytes>")
        default: return .string("\(value)")
        }
    }
}
