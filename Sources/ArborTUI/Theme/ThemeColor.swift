/// A terminal colour: the terminal's default, or an index of the 256-colour palette (0-7 the basic eight).
public enum ThemeColor: Sendable, Hashable {
    /// The terminal's own foreground or background.
    case terminalDefault
    /// A palette index, 0-255.
    case index(UInt8)

    /// The basic colour names, by index.
    public static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// Parses `default`, a basic name, `bright-` and a basic name, or a number 0-255.
    public init?(name: String) {
        let lowered = name.lowercased()
        if lowered == "default" || lowered == "none" {
            self = .terminalDefault
        } else if let index = Self.names.firstIndex(of: lowered) {
            self = .index(UInt8(index))
        } else if lowered.hasPrefix("bright-"), let index = Self.names.firstIndex(of: String(lowered.dropFirst(7))) {
            self = .index(UInt8(index + 8))
        } else if let number = Int(lowered), (0...255).contains(number) {
            self = .index(UInt8(number))
        } else {
            return nil
        }
    }

    /// The colour a terminal with `count` colours can show: indexes beyond it become the nearest basic colour.
    package func fitted(to count: Int) -> ThemeColor {
        guard case .index(let value) = self, Int(value) >= count else { return self }
        if value < 16 { return .index(value - 8) }
        let (red, green, blue) = Self.rgb(of: value)
        var best = 0
        var bestDistance = Int.max
        for (index, basic) in Self.basicRGB.enumerated() {
            let distance = (red - basic.0) * (red - basic.0) + (green - basic.1) * (green - basic.1) + (blue - basic.2) * (blue - basic.2)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return .index(UInt8(best))
    }

    private static let basicRGB: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    ]

    /// The red, green and blue of a colour of the 6x6x6 cube or the grey ramp.
    private static func rgb(of value: UInt8) -> (Int, Int, Int) {
        if value >= 232 {
            let grey = 8 + Int(value - 232) * 10
            return (grey, grey, grey)
        }
        let cube = Int(value) - 16
        let level = { (step: Int) in step == 0 ? 0 : 55 + step * 40 }
        return (level(cube / 36), level(cube / 6 % 6), level(cube % 6))
    }
}
