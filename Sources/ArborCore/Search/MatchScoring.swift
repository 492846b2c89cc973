/// fzf's scoring of a match in UTF-8 bytes: points for each matched character, bonuses at word starts and
/// for consecutive characters, penalties for gaps.
enum MatchScoring {
    static let match = 16
    static let gapStart = -3
    static let gapExtension = -1
    static let boundary = match / 2
    static let boundaryWhite = boundary + 2
    static let boundaryDelimiter = boundary + 1
    static let nonWord = match / 2
    static let camel = boundary + gapExtension
    static let consecutive = -(gapStart + gapExtension)
    static let firstCharMultiplier = 2

    /// The kind of a byte, for the bonus of the character after it; bytes of non-ASCII characters are letters.
    enum CharacterClass: UInt8 { case white, nonWord, delimiter, lower, upper, number }

    @inline(__always) static func characterClass(_ byte: UInt8) -> CharacterClass {
        switch byte {
        case 0x61...0x7A, 0x80...: return .lower
        case 0x41...0x5A: return .upper
        case 0x30...0x39: return .number
        case 0x20, 0x09, 0x0A, 0x0D: return .white
        case 0x2F, 0x2C, 0x3A, 0x3B, 0x7C, 0x2E, 0x5F, 0x2D, 0x1F: return .delimiter
        default: return .nonWord
        }
    }

    /// The bonus of a character of class `current` after one of class `previous`.
    @inline(__always) static func bonus(_ previous: CharacterClass, _ current: CharacterClass) -> Int {
        if current.rawValue > CharacterClass.delimiter.rawValue {
            switch previous {
            case .white: return boundaryWhite
            case .delimiter: return boundaryDelimiter
            case .nonWord: return boundary
            default: break
            }
        }
        if (previous == .lower && current == .upper) || (previous != .number && current == .number) { return camel }
        switch current {
        case .nonWord, .delimiter: return nonWord
        case .white: return boundaryWhite
        default: return 0
        }
    }

    /// The class of the byte before `index`; the start of a text counts as white space.
    @inline(__always) static func classBefore(_ index: Int, in text: UnsafeBufferPointer<UInt8>) -> CharacterClass {
        index == 0 ? .white : characterClass(text[index - 1])
    }

    /// The score of matching `pattern` in `text[start..<end]`, taking each of its characters at its first place
    /// from `start`; the bytes taken are appended to `positions` when it is given.
    static func score(
        _ text: UnsafeBufferPointer<UInt8>, _ pattern: QueryPattern, foldsCase: Bool, from start: Int, to end: Int,
        positions: UnsafeMutablePointer<[Int]>?
    ) -> Int {
        var score = 0
        var inGap = false
        var consecutiveCount = 0
        var firstBonus = 0
        var unit = 0
        var previous = classBefore(start, in: text)
        var index = start
        while index < end, unit < pattern.count {
            let current = characterClass(text[index])
            if pattern.matches(unit, at: index, in: text, folds: foldsCase) {
                let length = pattern.length(of: unit)
                positions?.pointee.append(contentsOf: index..<(index + length))
                score += match
                var bonus = Self.bonus(previous, current)
                if consecutiveCount == 0 {
                    firstBonus = bonus
                } else {
                    if bonus >= boundary, bonus > firstBonus { firstBonus = bonus }
                    bonus = max(bonus, firstBonus, consecutive)
                }
                score += unit == 0 ? bonus * firstCharMultiplier : bonus
                inGap = false
                consecutiveCount += 1
                unit += 1
                index += length
            } else {
                score += inGap ? gapExtension : gapStart
                inGap = true
                consecutiveCount = 0
                firstBonus = 0
                index += 1
            }
            previous = current
        }
        return score
    }

    /// A byte with ASCII upper case folded to lower case when `folds`.
    @inline(__always) static func fold(_ byte: UInt8, _ folds: Bool) -> UInt8 {
        folds && byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}
