import CJSONScan

/// The ends of containers found by counting brackets outside strings (`arbor_json_container_end`), as the tree
/// scan passes values while it does not know whether a document is a tree; checked here against the index.
package enum JSONContainerEnds {
    /// Whether every container of `bytes` ends, by its brackets, where the document index says it does (true
    /// when the bytes are not a well-formed document, which has no index to compare with).
    package static func agreeWithTheIndex(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let index = JSONDocumentScanner.scan(buffer), let base = buffer.baseAddress else { return true }
            return (0..<index.count).allSatisfy { container in
                arbor_json_container_end(base, Int64(buffer.count), Int64(index.start[container])) == Int64(index.end(container))
            }
        }
    }
}
