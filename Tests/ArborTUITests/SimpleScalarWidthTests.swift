@testable import ArborTUI
import Testing

/// Text of simple scalars is measured in one pass over its UTF-8 bytes: it must count what the scalars count one
/// by one, in every script the samples use, and refuse what needs a grapheme's or a property's look.
@Suite("Widths of simple text")
struct SimpleScalarWidthTests {
    /// The width scalar by scalar, as the table says, or nil.
    static func byScalars(_ text: String, upTo limit: Int = .max) -> Int? {
        var total = 0
        for scalar in text.unicodeScalars {
            guard let width = SimpleScalar.width(scalar.value) else { return nil }
            total += width
            if total >= limit { break }
        }
        return total
    }

    static let samples = [
        "", "a00_alpha", "b10_café", "b11_Straße", "b12_Ωmega", "b13_Привет", "b14_日本語", "f0004_報告書.txt", "한국어 budget",
        "tab\there", "bell\u{07}", "del\u{7F}", "nbsp\u{A0}x", "e\u{301}", "smile 😀", "arrows ←→ and box ─┼", "braille ⠁⠂",
        "ｆｕｌｌｗｉｄｔｈ", "mixed ascii then 日本 then ascii", String(repeating: "long ", count: 40),
    ]

    /// A column's widest text is measured only when its UTF-8 bytes outnumber the widest so far, which holds only
    /// while no scalar or grapheme takes more cells than bytes.
    @Test func noTextTakesMoreCellsThanBytes() {
        let wider = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter { DisplayWidth.of($0) > String($0).utf8.count }
        #expect(wider.isEmpty, "\(wider.prefix(5).map { String($0.value, radix: 16) })")
        for text in Self.samples + ["❤\u{FE0F}", "#\u{FE0F}\u{20E3}", "🇩🇪", "👩\u{200D}💻", "e\u{301}\u{302}"] {
            #expect(DisplayWidth.of(text) <= text.utf8.count, "\(text)")
        }
    }

    @Test func textIsMeasuredAsItsScalarsAre() {
        for text in Self.samples {
            #expect(SimpleScalar.width(of: text) == Self.byScalars(text), "\(text)")
            for limit in [1, 3, 8] {
                #expect(SimpleScalar.width(of: text, upTo: limit) == Self.byScalars(text, upTo: limit), "\(text) up to \(limit)")
            }
        }
    }

    /// Printable ASCII is passed eight bytes at a time: a control, a delete or a wider scalar at any place of a
    /// block, and a limit inside or at the edge of one, are seen as one by one.
    @Test func blocksOfASCIIStopAtWhatTheyCannotPass() {
        let plain = "abcdefghijklmnopqrstuvwx ~!"
        for place in 0..<plain.utf8.count {
            for odd in ["\u{1F}", "\u{7F}", "\u{0}", "é", "日", "\u{80}", " ", "~"] {
                var scalars = Array(plain.unicodeScalars)
                scalars[place] = odd.unicodeScalars.first!
                let text = String(String.UnicodeScalarView(scalars))
                for limit in [.max, 7, 8, 9, 16, 17, 24] {
                    #expect(SimpleScalar.width(of: text, upTo: limit) == Self.byScalars(text, upTo: limit), "\(place) \(odd) up to \(limit)")
                }
            }
        }
    }

    @Test func wideScriptsAndControlsAreToldApart() {
        #expect(SimpleScalar.width(of: "日本語") == 6)
        #expect(SimpleScalar.width(of: "café") == 4)
        #expect(SimpleScalar.width(of: "tab\there") == nil)
        #expect(SimpleScalar.width(of: "e\u{301}") == nil)
        #expect(DisplayWidth.of("b14_日本語") == 10)
    }
}
