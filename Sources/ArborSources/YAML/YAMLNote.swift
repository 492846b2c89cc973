/// What YAML writes of a value beside the value itself: its anchor, its tag, the alias it is, the comments
/// written at it. Kept for the values of a file read whole, shown in the cells and the preview.
package struct YAMLNote: Sendable, Hashable {
    /// The anchor the value is marked with (`&base`), without its `&`.
    package var anchor: String?
    /// The tag as written (`!!binary`, `!Ref`); YAML's own tags in their short form.
    package var tag: String?
    /// For an alias (`*base`), the index of the value its anchor marked; -1 for any other value.
    package var aliasOf: Int32 = -1
    /// The comment lines just above the value and the comment ending its line, each without its `#`.
    package var comment: String?

    /// Whether there is anything to keep.
    var isEmpty: Bool { anchor == nil && tag == nil && aliasOf < 0 && comment == nil }

    /// A tag in the form people write it: YAML's own (`tag:yaml.org,2002:str`) as `!!str`.
    static func shortTag(_ tag: String?) -> String? {
        guard let tag else { return nil }
        let prefix = "tag:yaml.org,2002:"
        return tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }
}
