import ArborTUI

extension FuzzTargets {
    /// Bytes a terminal sends, read whole or cut in two anywhere (inside an escape sequence, a mouse report or a
    /// character): the keys are the same, each takes at least one byte, and a mouse event is on the screen's side.
    static func terminal(_ bytes: [UInt8]) {
        var whole = TerminalKeyDecoder()
        let keys = whole.decode(bytes) + whole.flush()
        if keys.count > bytes.count { fatalError("more keys than bytes") }
        for key in keys {
            if case .mouse(let event) = key, event.x < 0 || event.y < 0 { fatalError("a mouse event off the screen") }
        }
        for cut in [1, bytes.count / 2, bytes.count - 1] where cut > 0 && cut < bytes.count {
            var parts = TerminalKeyDecoder()
            let split = parts.decode(bytes[..<cut]) + parts.decode(bytes[cut...]) + parts.flush()
            if split != keys { fatalError("the keys differ when the bytes come in two reads") }
        }
    }
}
