import ArborCommandLine
import ArborConfig
import ArborCore
import ArborPath
import ArborSources
import ArborTUI

/// The fuzz targets: each takes arbitrary bytes and must neither crash nor break an invariant.
enum FuzzTargets {
    /// Every target by name, for `ARBOR_FUZZ_TARGET`.
    static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "json": json, "yaml": yaml, "csv": csv, "paths": paths, "config": config, "theme": theme, "keys": keys,
        "command": command, "cli": commandLine, "jsonpath": jsonpath, "jsonl": jsonl, "xml": xml, "toml": toml, "plist": plist,
        "ini": ini, "diff": diff, "terminal": terminal, "find": find, "crossing": crossing, "archive": archive,
    ]

    /// A JSONPath expression is parsed or refused with a position inside it, never a crash; one that parses
    /// walks a small document of every kind of value.
    static func jsonpath(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            let path = try JSONPath(text)
            // A query of many steps stops at the depth limit with an error, never at the end of the stack.
            _ = try? path.matches(in: pathDocument)
        } catch {
            if error.offset < 0 || error.offset > text.unicodeScalars.count { fatalError("an error outside the expression") }
        }
    }

    static let pathDocument = try! JSONPathValue(parsing: #"{"a": [1, "x", {"b": null, "c": [true, 2.5]}], "d": {"e": "fé"}}"#)

    /// The full JSON parser and the one-pass indexes (tree and document) must agree on what is well-formed and
    /// on the items.
    static func json(_ bytes: [UInt8]) {
        let parsed = try? JSONDocument.parse(bytes)
        let lazy = LazyJSONTree(bytes: bytes, name: "f", mapping: FieldMapping(), force: true)
        if parsed == nil, lazy != nil { fatalError("the index accepted JSON the parser rejects") }
        // Detecting, the tree scan passes values by their brackets until it knows the bytes are a tree.
        let detected = LazyJSONTree(bytes: bytes, name: "f", mapping: FieldMapping(), force: false)
        if parsed == nil, detected != nil { fatalError("the detecting tree scan accepted JSON the parser rejects") }
        if let lazy { walk(lazy, limit: 200) }
        // Any beginning of the bytes, shown as the first part of a larger document, lists without a crash.
        if let partial = JSONDocumentStream.partial(bytes, name: "f", detecting: true, mapping: FieldMapping()) { walk(partial, limit: 200) }
        let document = LazyJSONDocument(bytes: bytes, name: "f")
        // Scanned in two parts split anywhere (inside strings, escapes, numbers, keys, deep nesting), the index is
        // the one-pass scan's, and nothing the one-pass scan refuses is accepted.
        let places = bytes.count < 2 ? [] : [1, bytes.count / 3, bytes.count / 2, bytes.count - 1]
        if !JSONDocumentSplitScan.agreesWithOnePass(bytes, splittingAt: places) { fatalError("the index scanned in two parts differs") }
        guard let parsed else {
            if document != nil { fatalError("the document index accepted JSON the parser rejects") }
            return
        }
        let isContainer = parsed.nodes[0].kind == .object || parsed.nodes[0].kind == .array
        if isContainer != (document != nil) { fatalError("the document index and the parser disagree on a document") }
        if let document { compare(document, JSONDocumentBuilder().hierarchy(from: parsed, name: "f"), limit: 200) }
        if !JSONContainerEnds.agreeWithTheIndex(bytes) { fatalError("a container's brackets end it elsewhere") }
    }

    /// The JSON text a large YAML file is indexed from must hold what the whole-stream reader reads; the aliases a
    /// smaller file keeps as links must lead to what their copies hold.
    static func yaml(_ bytes: [UInt8]) {
        if !YAMLIndexCheck.agrees(bytes) { fatalError("the YAML's JSON text holds other values than the reader reads") }
        if !YAMLIndexCheck.textIndexAgrees(bytes) { fatalError("the index built as the JSON text was written is not the text's") }
        if !YAMLIndexCheck.aliasesKeptAgree(bytes) { fatalError("the aliases kept as links hold other values than their copies") }
        if !YAMLIndexCheck.commentsAgree(bytes) { fatalError("a large file's comments are not those the file read whole has") }
        if !YAMLIndexCheck.marksAgree(bytes) { fatalError("a large file's anchors, tags or aliases are not those the file read whole shows") }
    }

    /// The indexed table must read what the full parser and builder read, whenever it reads a table at all.
    static func csv(_ bytes: [UInt8]) {
        let indexed = IndexedTable(bytes: bytes, delimiter: UInt8(ascii: ","), name: "f", mapping: FieldMapping())
        guard let table = try? DelimitedTable.parse(bytes, delimiter: UInt8(ascii: ",")) else {
            if indexed != nil { fatalError("the table index accepted a table the parser rejects") }
            return
        }
        guard let built = try? AdjacencyTableBuilder().hierarchy(from: table, name: "f") else {
            if indexed != nil { fatalError("the table index accepted a table the builder rejects") }
            return
        }
        walk(built.hierarchy, limit: 200)
        if let indexed {
            if !built.problems.isEmpty { fatalError("the table index accepted a table with problems") }
            compare(indexed, built.hierarchy, limit: 200)
        }
    }

    static func paths(_ bytes: [UInt8]) {
        walk(PathListBuilder().hierarchy(from: bytes, name: "f"), limit: 200)
    }

    /// Lines of a command's output become at most one item each.
    static func command(_ bytes: [UInt8]) {
        let items = CommandSource.parse(bytes)
        if items.count > bytes.split(separator: 0x0A).count { fatalError("more items than lines") }
    }

    /// Command-line words (NUL-separated) against every kind of argument and option: parsed or refused with a
    /// message, never more arguments kept than the command takes.
    static func commandLine(_ bytes: [UInt8]) {
        let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let spec = CommandLineSpec(
            name: "f", abstract: "Fuzzing.", arguments: [ArgumentSpec("a", help: "A."), ArgumentSpec("b", help: "B.", optional: true)],
            options: [.value("v", help: "V."), .flag("f", help: "F."), OptionSpec("i", .invertibleFlag(defaultOn: true), help: "I.")])
        guard let parsed = try? CommandLineParser.parse(words, as: spec) else { return }
        precondition(parsed.arguments.count <= spec.arguments.count)
        _ = try? parsed.integer("v")
        _ = try? parsed.number("v")
    }

    static func config(_ bytes: [UInt8]) {
        _ = try? ConfigFile.parse(String(decoding: bytes, as: UTF8.self), file: "f")
    }

    static func theme(_ bytes: [UInt8]) {
        _ = try? ThemeFile.parse(String(decoding: bytes, as: UTF8.self), file: "f")
    }

    /// A random tree, a random terminal size and random keys: the focus stays in range, every frame is exactly
    /// the terminal's size and the same as one painted whole with no cell copied from the frame before.
    static func keys(_ bytes: [UInt8]) {
        guard bytes.count >= 3 else { return }
        let width = Int(bytes[0]) % 200
        let height = Int(bytes[1]) % 80
        let tree = PathListBuilder().hierarchy(from: Array(bytes.prefix(64)), name: "f")
        var controller = BrowserController(screen: BrowserScreen(sourceName: "f"), selectionMode: bytes[2] % 3 == 0 ? .multiple : .none)
        let performer = EffectPerformer(source: tree)
        var pending = controller.start(width: width, height: height).sourceRequests
        let theme = [Theme.standard, .light, .mono][Int(bytes[2] / 3) % 3]
        let encoder = FrameEncoder.ansi { theme.resolve($0, colors: 256) }
        var shown: CellGrid?
        let keys: [Key] = [.up, .down, .left, .right, .enter, .pageUp, .pageDown, .home, .end, .tab, .escape, .backspace,
                           .character("/"), .character("o"), .character("i"), .character("a"), .character("F"), .character("n"),
                           .character(" "), .character("?"), .mouse(MouseEvent(.press, x: 5, y: 3)), .resize]
        // The inputs go through `update`, the run loop's one entry point, so held keys are fuzzed too.
        func send(_ input: BrowserInput) {
            pending += controller.update(input).sourceRequests
        }
        for byte in bytes.dropFirst(3).prefix(200) {
            while !pending.isEmpty { send(.action(blockingPerform(performer, pending.removeFirst()))) }
            if byte >= 250 {
                send(.resized(width: Int(byte) % 7 * 20, height: Int(byte) % 5 * 9))
                continue
            }
            if byte >= 245 {
                send(.timer(byte % 2 == 0 ? .typedAhead : .readAhead))
                continue
            }
            send(.key(keys[Int(byte) % keys.count]))
            let grid = controller.render()
            _ = encoder.encode(grid, over: shown)
            shown = grid
            controller.screen.cellMemo.forget()
            if controller.render() != grid { fatalError("a frame with cells copied differs from one painted whole") }
            let state = controller.state
            if grid.cells.count != grid.width * grid.height { fatalError("the grid is not its size") }
            for column in state.navigation.levels.indices {
                let count = state.items(in: column).count
                if count > 0, !(0..<count).contains(state.navigation.levels[column].focus) { fatalError("focus out of range") }
            }
            if !state.outline.rows.isEmpty, !state.outline.rows.indices.contains(state.outline.focus) {
                fatalError("outline focus out of range")
            }
            for level in state.navigation.levels.indices.dropFirst() where state.navigation.levels[level].parent != state.navigation.levels[level - 1].focusedItem {
                fatalError("the expanded path is broken at level \(level)")
            }
            if let row = state.outline.focusedItem, let focused = state.focusedItem, row != focused { fatalError("the outline's focus is not the focus") }
        }
    }

    /// Two sources must give the same root, and the same children for the first `limit` items, breadth first.
    static func compare(_ lazy: any HierarchySource, _ full: any HierarchySource, limit: Int) {
        let mine = EffectPerformer(source: lazy)
        let theirs = EffectPerformer(source: full)
        guard case .loaded(.root(_, .success(let root))) = blockingPerform(mine, .loadRoot(generation: 0)),
              case .loaded(.root(_, .success(let expected))) = blockingPerform(theirs, .loadRoot(generation: 0)), root == expected
        else { fatalError("the roots differ") }
        var queue = root.map { [$0.id] } ?? []
        var seen = 0
        while !queue.isEmpty, seen < limit {
            let id = queue.removeFirst()
            seen += 1
            guard case .loaded(.children(_, _, let left)) = blockingPerform(mine, .loadChildren(NodeStore.top, id: id, generation: 0)),
                  case .loaded(.children(_, _, let right)) = blockingPerform(theirs, .loadChildren(NodeStore.top, id: id, generation: 0)),
                  left == right
            else { fatalError("the children of '\(id)' differ") }
            if case .success(let items) = right { queue += items.map(\.id) }
            for effect in [BrowserEffect.loadItem(NodeStore.top, id: id, generation: 0), .loadParent(NodeStore.top, id: id, generation: 0)] {
                guard "\(blockingPerform(mine, effect))" == "\(blockingPerform(theirs, effect))" else { fatalError("'\(id)' differs") }
            }
        }
    }

    /// Asks a source for its items, breadth first, at most `limit` of them.
    static func walk(_ source: any HierarchySource, limit: Int) {
        let performer = EffectPerformer(source: source)
        guard case .loaded(.root(_, .success(let root?))) = blockingPerform(performer, .loadRoot(generation: 0)) else { return }
        var queue = [root.id]
        var seen = 0
        while !queue.isEmpty, seen < limit {
            let id = queue.removeFirst()
            seen += 1
            if case .loaded(.children(_, _, .success(let items))) = blockingPerform(performer, .loadChildren(NodeStore.top, id: id, generation: 0)) {
                queue += items.map(\.id)
            }
        }
    }
}
