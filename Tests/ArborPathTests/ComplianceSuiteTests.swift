import ArborPath
import Foundation
import Testing

/// Every case of the JSONPath Compliance Test Suite (Compliance/cts.json, vendored whole).
@Suite("JSONPath compliance suite")
struct ComplianceSuiteTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let selector: String
        let document: JSONPathValue?
        let invalid: Bool
        let results: [[JSONPathValue]]
        let paths: [[String]]

        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Compliance/cts.json")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? "{}"
        guard let suite = try? JSONPathValue(parsing: text), case .array(let tests)? = suite.member(named: "tests") else { return [] }
        return tests.map { test in
            func strings(_ value: JSONPathValue?) -> [String] {
                guard case .array(let values)? = value else { return [] }
                return values.compactMap { if case .string(let text) = $0 { text } else { nil } }
            }
            func list(_ value: JSONPathValue?) -> [JSONPathValue] {
                guard case .array(let values)? = value else { return [] }
                return values
            }
            let alternatives = list(test.member(named: "results")).map { list($0) }
            let alternativePaths = list(test.member(named: "results_paths")).map { strings($0) }
            guard case .string(let name)? = test.member(named: "name"), case .string(let selector)? = test.member(named: "selector") else {
                return Case(name: "unreadable", selector: "", document: nil, invalid: false, results: [], paths: [])
            }
            return Case(
                name: name, selector: selector, document: test.member(named: "document"),
                invalid: test.member(named: "invalid_selector") == .boolean(true),
                results: alternatives.isEmpty ? [list(test.member(named: "result"))] : alternatives,
                paths: alternativePaths.isEmpty ? [strings(test.member(named: "result_paths"))] : alternativePaths)
        }
    }()

    @Test func theWholeSuiteIsRead() {
        #expect(Self.cases.count == 703)
        #expect(!Self.cases.contains { $0.name == "unreadable" })
        #expect(Self.cases.filter(\.invalid).count == 247)
    }

    @Test(arguments: cases)
    func compliance(_ test: Case) throws {
        if test.invalid {
            #expect(throws: JSONPathError.self, "\(test.selector) should be refused") { try JSONPath(test.selector) }
            return
        }
        let query = try JSONPath(test.selector)
        let matches = try query.matches(in: try #require(test.document))
        let values = matches.map(\.node)
        let paths = matches.map { NormalizedPath.text($0.path) }
        let index = test.results.firstIndex(of: values)
        #expect(index != nil, "\(test.selector): \(values.map(\.compactJSON))")
        if let index { #expect(paths == test.paths[index]) }
    }
}
