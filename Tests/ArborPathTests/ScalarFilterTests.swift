import ArborPath
import Testing

/// A filter that cannot hold for a scalar is tried on objects and arrays only; every other filter still sees the
/// scalars among the children it filters.
@Suite("Filters over scalars")
struct ScalarFilterTests {
    static let document = try! JSONPathValue(parsing: #"{"a": [3, "x", {"s": "x", "n": 2}, [1], null], "b": {"s": "y"}, "c": 3}"#)

    func paths(_ expression: String) throws -> [String] {
        try JSONPath(expression).matches(in: Self.document).map { NormalizedPath.text($0.path) }
    }

    @Test(arguments: [
        ("$..[?@ == 3]", ["$['c']", "$['a'][0]"]),
        ("$..[?@.s != 'x']", ["$['a']", "$['b']", "$['c']", "$['a'][0]", "$['a'][1]", "$['a'][3]", "$['a'][4]", "$['a'][2]['s']",
                               "$['a'][2]['n']", "$['a'][3][0]", "$['b']['s']"]),
        ("$.a[?!@.s]", ["$['a'][0]", "$['a'][1]", "$['a'][3]", "$['a'][4]"]),
        ("$.a[?@.s || @ == 'x']", ["$['a'][1]", "$['a'][2]"]),
        ("$.a[?@.s && @ == 'x']", []),
        ("$.a[?@[0] == 1]", ["$['a'][3]"]),
        ("$.a[?$.c == 3]", ["$['a'][0]", "$['a'][1]", "$['a'][2]", "$['a'][3]", "$['a'][4]"]),
        ("$.a[?length(@) == 1]", ["$['a'][1]", "$['a'][3]"]),
        ("$..[?@.n > 1]", ["$['a'][2]"]),
        ("$..[?@.s == 'y']", ["$['b']"]),
    ])
    func scalarsAreTriedWhereAFilterCanHoldForThem(expression: String, expected: [String]) throws {
        #expect(try paths(expression) == expected)
    }
}
