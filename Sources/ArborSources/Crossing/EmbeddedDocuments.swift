import ArborCore
import Synchronization

/// The JSON documents found in string values, by the id of the string that holds each: parsed once when the
/// string is listed (a short one) or opened, a bounded number kept.
final class EmbeddedDocuments: Sendable {
    /// One string's document.
    struct Document: Sendable {
        /// The parsed document, its ids JSON pointers.
        let source: any HierarchySource
        /// How many members its top has.
        let count: Int
    }

    private let held = Mutex<[String: Document]>([:])
    private let candidates = Mutex<Set<String>>([])
    /// The most documents kept; past it, the oldest half is let go (they are parsed again when asked).
    static let limit = 4_096
    /// The longest string parsed when it is listed, to know whether it holds JSON and how many members.
    static let listedBytes = 64 << 10
    /// The longest string parsed at all.
    static let largestBytes = 64 << 20

    /// Whether `text` may hold a JSON object or array: its first byte after blanks opens one.
    static func mayHoldJSON(_ text: String) -> Bool {
        for byte in text.utf8 {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): return true
            default: return false
            }
        }
        return false
    }

    /// The document in `text`, held by the item `host`; nil when the text is not a JSON object or array.
    func document(in text: String, host: String) async -> Document? {
        if let kept = held.withLock({ $0[host] }) { return kept }
        guard Self.mayHoldJSON(text), text.utf8.count <= Self.largestBytes else { return nil }
        let input = SourceInput(bytes: Array(text.utf8), name: host, origin: host)
        guard let kind = SourceKinds.kind(for: SourceFormat.document.rawValue),
              let opened = try? kind.open(input, as: .document, request: SourceRequest(path: nil, format: .document)),
              let count = try? await opened.hierarchy.numberOfChildren(of: "")
        else { return nil }
        let document = Document(source: opened.hierarchy, count: count)
        held.withLock { held in
            if held.count >= Self.limit { held = Dictionary(uniqueKeysWithValues: held.prefix(Self.limit / 2).map { ($0.key, $0.value) }) }
            held[host] = document
        }
        return document
    }

    /// Notes a string too long to be parsed when listed that may hold JSON: its list is looked for when asked.
    func noteCandidate(_ host: String) {
        candidates.withLock { candidates in
            if candidates.count >= Self.limit { candidates.removeAll() }
            candidates.insert(host)
        }
    }

    /// Whether `host` was listed as a long string that may hold JSON.
    func isCandidate(_ host: String) -> Bool { candidates.withLock { $0.contains(host) } }

    /// The document held for `host`, if it was parsed.
    func held(_ host: String) -> Document? { held.withLock { $0[host] } }
}
