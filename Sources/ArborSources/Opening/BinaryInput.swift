import ArborCore

/// Tells input that is not a hierarchy from text by its first bytes: a known file signature, NUL bytes, or
/// mostly bytes that are neither printable text nor valid UTF-8.
package enum BinaryInput {
    /// How much of an input is looked at.
    package static let sampleSize = 64 << 10

    /// What the bytes look like when they are not text ("a PNG image", "binary data: NUL bytes in its first
    /// 64 KB"), or nil for text.
    package static func description(of head: ArraySlice<UInt8>) -> String? {
        let sample = head.prefix(sampleSize)
        if let signature = signatures.first(where: { sample.dropFirst($0.offset).starts(with: $0.bytes) }) {
            return signature.name
        }
        if sample.contains(0) { return "binary data (NUL bytes in its first \(ByteSize.text(sample.count)))" }
        let unreadable = unreadableBytes(in: sample)
        if sample.count >= 16, unreadable * 3 > sample.count {
            let share = unreadable * 100 / sample.count
            return "binary data (\(share)% of its first \(ByteSize.text(sample.count)) are control bytes or not UTF-8)"
        }
        return nil
    }

    /// Control bytes other than the layout ones (tab, newline, carriage return, form feed, escape), and bytes
    /// of malformed UTF-8; a sequence cut by the end of the sample is not counted.
    static func unreadableBytes(in sample: ArraySlice<UInt8>) -> Int {
        var count = 0
        var index = sample.startIndex
        while index < sample.endIndex {
            let byte = sample[index]
            if byte < 0x80 {
                if byte < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D, 0x1B].contains(byte) || byte == 0x7F { count += 1 }
                index += 1
                continue
            }
            let length = byte >= 0xF0 && byte < 0xF5 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 && byte < 0xE0 ? 2 : 0
            guard length > 0 else {
                count += 1
                index += 1
                continue
            }
            if index + length > sample.endIndex { break }
            if sample[(index + 1)..<(index + length)].allSatisfy({ $0 & 0xC0 == 0x80 }) {
                index += length
            } else {
                count += 1
                index += 1
            }
        }
        return count
    }

    private struct Signature {
        var name: String
        var bytes: [UInt8]
        var offset = 0
    }

    private static let signatures: [Signature] = [
        Signature(name: "a PNG image", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        Signature(name: "a JPEG image", bytes: [0xFF, 0xD8, 0xFF]),
        Signature(name: "a GIF image", bytes: Array("GIF8".utf8)),
        Signature(name: "a PDF document", bytes: Array("%PDF-".utf8)),
        Signature(name: "a ZIP archive (or a document made of one)", bytes: [0x50, 0x4B, 0x03, 0x04]),
        Signature(name: "a gzip archive (gunzip it first)", bytes: [0x1F, 0x8B]),
        Signature(name: "a bzip2 archive", bytes: Array("BZh".utf8)),
        Signature(name: "an xz archive", bytes: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]),
        Signature(name: "a zstd archive", bytes: [0x28, 0xB5, 0x2F, 0xFD]),
        Signature(name: "a 7-Zip archive", bytes: [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]),
        Signature(name: "a tar archive", bytes: Array("ustar".utf8), offset: 257),
        Signature(name: "an ELF executable", bytes: [0x7F, 0x45, 0x4C, 0x46]),
        Signature(name: "a Mach-O executable", bytes: [0xCF, 0xFA, 0xED, 0xFE]),
        Signature(name: "a WebAssembly module", bytes: [0x00, 0x61, 0x73, 0x6D]),
        Signature(name: "a SQLite database (name its file to browse it)", bytes: Array("SQLite format 3".utf8) + [0]),
        Signature(name: "a RIFF file (WAV, AVI or WebP)", bytes: Array("RIFF".utf8)),
        Signature(name: "an Ogg stream", bytes: Array("OggS".utf8)),
        Signature(name: "an MP4 or QuickTime file", bytes: Array("ftyp".utf8), offset: 4),
    ]
}
