import ArborCore
import ArborPath

/// What an item of the tree of changes shows: its key with the value (`key: old → new` for a scalar changed),
/// its type, a symbol and a colour for how it changed, and the changes under it in its icon.
enum DiffContent {
    /// The content of a value that `status` says happened to it; `old` and `new` as far as each version has it.
    static func content<Value: DiffableValue>(title: String, status: ChangeStatus, old: Value?, new: Value?,
                                              counts: ChangeCounts) -> ItemContent {
        let shown = new ?? old!
        var content = ItemContent(title: title)
        content.change = status
        content.icon = status.symbol
        content.status = status.rawValue
        content.scalar = DiffValues.scalar(shown)
        content.changeCounts = counts.isEmpty ? nil : counts
        if status == .changed, let old, let new, !old.isContainer || old.kind != new.kind {
            let types = [DiffValues.type(of: old), DiffValues.type(of: new)]
            content.subtitle = types[0] == types[1] ? types[0] : types.joined(separator: " → ")
            content.body = DiffValues.summary(old) + " → " + DiffValues.summary(new)
            content.previousScalar = content.scalar == nil ? nil : DiffValues.scalar(old)
            content.fields = [ItemField(name: "before", value: String(old.json.compactJSON.prefix(500))),
                              ItemField(name: "after", value: String(new.json.compactJSON.prefix(500)))]
            return content
        }
        content.subtitle = DiffValues.type(of: shown)
        content.body = DiffValues.summary(shown)
        if let scalar = content.scalar { content.fields = [ItemField(name: "value", value: scalar.text)] }
        guard shown.isContainer else { return content }
        for member in shown.diffMembers(in: 0..<fieldLimit) where !member.value.isContainer {
            content.fields.append(ItemField(name: member.key ?? String(member.position), value: DiffValues.scalar(member.value)?.text ?? ""))
        }
        return content
    }

    /// A container's scalars become its fields among its first this many members.
    static let fieldLimit = 200
}
