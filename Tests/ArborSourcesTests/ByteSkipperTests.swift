@testable import ArborSources
import Testing

@Suite("Special bytes found eight at a time")
struct ByteSkipperTests {
    @Test func findsTheFirstSpecialByteAtEveryAlignmentAndLength() {
        let skipper = ByteSkipper(UInt8(ascii: "\""), UInt8(ascii: ","), 0x0A)
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("ab\",\n\r\u{80}\u{FF}".utf8) + [0x00, 0x7F, 0x81, 0xA2]
        for length in 0..<40 {
            for _ in 0..<50 {
                let bytes = (0..<length).map { _ in
                    Int.random(in: 0..<4, using: &generator) == 0 ? alphabet.randomElement(using: &generator)! : UInt8(ascii: "x")
                }
                bytes.withUnsafeBufferPointer { buffer in
                    for start in 0...length {
                        let expected = bytes[start...].firstIndex { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: ",") || $0 == 0x0A } ?? length
                        #expect(skipper.skip(buffer, from: start) == expected, "\(bytes) from \(start)")
                    }
                }
            }
        }
    }
}
