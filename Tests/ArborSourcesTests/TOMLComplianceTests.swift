@testable import ArborSources
import Foundation
import Testing

/// toml-test's TOML 1.0.0 cases: every valid document reads to the values its JSON gives, every invalid one
/// is refused with a place.
@Suite("TOML 1.0 compliance (toml-test)")
struct TOMLComplianceTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("TOMLCompliance")

    static var cases: [String] {
        let list = (try? String(contentsOf: folder.appendingPathComponent("files-toml-1.0.0"), encoding: .utf8)) ?? ""
        return list.split(separator: "\n").map(String.init).filter { $0.hasSuffix(".toml") }
    }

    @Test func everyValidDocumentReadsToItsValues() throws {
        let valid = Self.cases.filter { $0.hasPrefix("valid/") }
        #expect(valid.count == 210)
        for name in valid {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
            let expected = try JSONSerialization.jsonObject(
                with: Data(contentsOf: Self.folder.appendingPathComponent(String(name.dropLast(5)) + ".json")), options: [.fragmentsAllowed])
            do {
                let table = try TOMLParser.parse(text)
                #expect(Self.agrees(.table(table), expected), "\(name)")
            } catch {
                Issue.record("\(name): \(error.line):\(error.column): \(error.message)")
            }
        }
    }

    @Test func everyInvalidDocumentIsRefused() throws {
        let invalid = Self.cases.filter { $0.hasPrefix("invalid/") }
        #expect(invalid.count == 499)
        for name in invalid {
            let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
            // Bytes that are not UTF-8, and control characters, are refused before parsing.
            if TOMLKind.invalidByte(in: bytes) != nil { continue }
            let text = try #require(String(validating: bytes, as: UTF8.self))
            #expect(throws: TOMLParser.Failure.self, "\(name)") { try TOMLParser.parse(text) }
        }
    }

    /// Whether a value agrees with toml-test's JSON for it: tables and arrays as JSON ones, scalars as
    /// `{"type": ..., "value": ...}`.
    static func agrees(_ value: TOMLValue, _ json: Any) -> Bool {
        switch value {
        case .table(let table):
            guard let object = json as? [String: Any], object.count == table.entries.count else { return false }
            return table.entries.allSatisfy { entry in object[entry.key].map { agrees(entry.value, $0) } ?? false }
        case .array(let elements):
            guard let array = json as? [Any], array.count == elements.count else { return false }
            return zip(elements, array).allSatisfy { agrees($0, $1) }
        default:
            guard let scalar = json as? [String: String], let type = scalar["type"], let text = scalar["value"] else { return false }
            switch value {
            case .string(let string): return type == "string" && string == text
            case .integer(let number): return type == "integer" && Int64(text) == number
            case .boolean(let flag): return type == "bool" && text == String(flag)
            case .float(let number):
                guard type == "float" else { return false }
                if number.isNaN { return text.hasSuffix("nan") }
                return Double(text.replacingOccurrences(of: "inf", with: "infinity")) == number
            case .dateTime(let written): return type.hasPrefix("date") || type.hasPrefix("time") ? sameInstantText(written, text) : false
            default: return false
            }
        }
    }

    /// Date texts compared as toml-test writes them: `T` and `Z` upper case, fractions without trailing zeros.
    static func sameInstantText(_ left: String, _ right: String) -> Bool {
        func normal(_ text: String) -> String {
            var text = text.uppercased().replacingOccurrences(of: " ", with: "T")
            while let range = text.range(of: #"\.\d*?0+(?=\D|$)"#, options: .regularExpression) {
                let trimmed = text[range].replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
                text.replaceSubrange(range, with: trimmed == "." ? "" : trimmed)
            }
            return text
        }
        return normal(left) == normal(right)
    }
}
