extension Prompt {
    /// Edits the text as readline does: characters go in at the cursor; ← → Home End (Ctrl-A, Ctrl-E) move it;
    /// Backspace, and Delete or Ctrl-D, delete before and at it; Ctrl-U deletes to the start, Ctrl-K to the end, Ctrl-W the
    /// word before it. Returns false for a key that is not an editing key.
    mutating func edit(_ key: Key) -> Bool {
        var characters = Array(text)
        cursor = min(max(cursor, 0), characters.count)
        switch key {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .control("d"), .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"): characters.removeSubrange(cursor...)
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        text = String(characters)
        return true
    }
}
