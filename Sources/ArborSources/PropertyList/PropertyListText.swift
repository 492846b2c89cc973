#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The texts a property list's dates and data show as.
enum PropertyListText {
    /// Seconds from 2001-01-01 00:00:00 UTC (the format's reference date) in ISO 8601, to the second, in UTC.
    static func date(sinceReference seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return String(seconds) }
        var time = time_t(Int64((seconds + 978_307_200).rounded(.down)))
        var fields = tm()
        guard gmtime_r(&time, &fields) != nil else { return String(seconds) }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = Int(fields.tm_year) + 1900
        let yearText = year >= 0 && year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return "\(yearText)-\(two(fields.tm_mon + 1))-\(two(fields.tm_mday))T\(two(fields.tm_hour)):\(two(fields.tm_min)):\(two(fields.tm_sec))Z"
    }

    /// The number of bytes Base64 text stands for, space between its characters ignored.
    static func decodedCount(ofBase64 text: String) -> Int {
        var characters = 0
        var padding = 0
        for byte in text.utf8 where byte > 0x20 {
            characters += 1
            if byte == UInt8(ascii: "=") { padding += 1 }
        }
        return max(0, characters / 4 * 3 - padding)
    }
}
