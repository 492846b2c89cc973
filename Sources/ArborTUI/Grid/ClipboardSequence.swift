/// The terminal's clipboard request (OSC 52): the text travels base64-encoded, so no byte of the data can
/// reach the terminal as a control sequence.
package enum ClipboardSequence {
    /// `ESC ] 52 ; c ; BASE64 BEL`, followed inside tmux by the same wrapped in tmux's passthrough (`ESC P tmux;`
    /// with each ESC doubled, then `ESC \\`), which reaches the terminal outside when tmux allows it.
    package static func osc52(_ text: [UInt8], insideTmux: Bool) -> [UInt8] {
        let plain: [UInt8] = [0x1B] + Array("]52;c;".utf8) + base64(text) + [0x07]
        guard insideTmux else { return plain }
        let wrapped = Array("\u{1B}Ptmux;".utf8) + plain.flatMap { $0 == 0x1B ? [0x1B, 0x1B] : [$0] } + Array("\u{1B}\\".utf8)
        return plain + wrapped
    }

    /// Standard base64 with padding.
    static func base64(_ bytes: [UInt8]) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = 0
            for offset in 0..<3 { group = group << 8 | (offset < count ? Int(bytes[index + offset]) : 0) }
            for position in 0..<4 {
                out.append(position <= count ? alphabet[(group >> (18 - 6 * position)) & 0x3F] : UInt8(ascii: "="))
            }
            index += 3
        }
        return out
    }
}
