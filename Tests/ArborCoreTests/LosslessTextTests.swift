import ArborCore
import Testing

@Suite("Lossless text for ids")
struct LosslessTextTests {
    @Test(arguments: [
        [UInt8](),
        Array("plain/ascii.txt".utf8),
        Array("日本/ü é\t".utf8),
        [0x61, 0xFF, 0x62],
        [0xC3],
        [0xE2, 0x82],
        [0xED, 0xA0, 0x80],
        [0xC0, 0xAF],
        [0xF4, 0x90, 0x80, 0x80],
        Array("\u{10FFA0}".utf8),
        [0xF4, 0x80, 0x80, 0x80, 0xFF],
    ])
    func anyBytesRoundTrip(bytes: [UInt8]) {
        #expect(LosslessText.encode(LosslessText.decode(bytes)) == bytes)
    }

    @Test func validUTF8StaysAsItIs() {
        #expect(LosslessText.decode(Array("Hamburg Plant".utf8)) == "Hamburg Plant")
        #expect(!LosslessText.decode([0x61, 0xFF]).unicodeScalars.allSatisfy { !LosslessText.isEscape($0) })
        #expect(LosslessText.decode([0x61, 0xFE]) != LosslessText.decode([0x61, 0xFF]))
    }
}
