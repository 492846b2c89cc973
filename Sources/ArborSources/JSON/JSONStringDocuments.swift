import CJSONScan

/// Whether a string of a JSON text may hold a JSON object or array, read from the bytes without decoding: a
/// quote followed by spaces and `{` or `[`, or by a backslash (an escape that may stand for either, or for space
/// before them). In well-formed JSON a quote that closes a string is followed by `:`, `,`, `}`, `]` or space and
/// one of those, so only a quote that opens a string matches; so may an escaped quote inside one, which errs
/// on the side of yes. Sixteen bytes at a time, in C (`arbor_json_strings_may_hold_documents`).
enum JSONStringDocuments {
    static func mayHoldDocuments(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return arbor_json_strings_may_hold_documents(base, Int64(bytes.count)) != 0
    }
}
