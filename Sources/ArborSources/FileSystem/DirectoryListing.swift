import ArborCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names of one directory in the order the browser shows them (directories first, then natural,
/// case-insensitive order), sorted with the types `readdir` gives: no `lstat` unless the file system leaves
/// the type unknown. Per entry it keeps the name's bytes, whether it is a directory, and its place in the order.
struct DirectoryListing: Sendable {
    /// Every name's bytes, one after another; entry `i` is `names[starts[i]..<starts[i + 1]]`.
    private let names: [UInt8]
    private let starts: [Int32]
    /// The entries in shown order.
    private let order: [Int32]
    /// Whether each entry (in the directory's order) is a directory, from its type.
    private let directories: [Bool]

    /// How many entries are shown.
    var count: Int { order.count }
    /// How many hidden entries (dot files) were left out.
    let hidden: Int

    /// Reads and sorts the entries of the directory at `path`; hidden ones only when `includeHidden`. The first
    /// `firstBatch` names, in the order the directory gives them, go to `first` as soon as they are read.
    init(path: [UInt8], includeHidden: Bool, firstBatch: Int = .max, first: ([[UInt8]]) -> Void = { _ in }) throws(SourceError) {
        var names: [UInt8] = []
        var starts: [Int32] = [0]
        var directories: [Bool] = []
        let prefix = FileSystemSource.prefix(path)
        hidden = try Self.forEachName(in: path, includeHidden: includeHidden) { name, type in
            names.append(contentsOf: name)
            starts.append(Int32(names.count))
            directories.append(type == DT_UNKNOWN ? Self.isDirectory(prefix + name) : type == DT_DIR)
            if directories.count == firstBatch {
                first((0..<firstBatch).map { Array(names[Int(starts[$0])..<Int(starts[$0 + 1])]) })
            }
        }
        // The keys are made once every name is read, in arrays of the size they need: a peak of two arrays
        // growing side by side, each copied as it doubles, is spared.
        var keys = NaturalKeys(capacity: names.count, entries: directories.count)
        names.withUnsafeBytes { bytes in
            for entry in directories.indices {
                keys.append(UnsafeRawBufferPointer(rebasing: bytes[Int(starts[entry])..<Int(starts[entry + 1])]))
            }
        }
        var order = (0..<Int32(directories.count)).map { $0 }
        keys.sort(&order, directoriesFirst: directories, nameStarts: starts)
        self.names = names
        self.starts = starts
        self.order = order
        self.directories = directories
    }

    /// Whether the entry shown at `position` is a directory (a link to one is not).
    func isDirectory(at position: Int) -> Bool {
        directories[Int(order[position])]
    }

    /// The name of the entry shown at `position`.
    func name(at position: Int) -> ArraySlice<UInt8> {
        let entry = Int(order[position])
        return names[Int(starts[entry])..<Int(starts[entry + 1])]
    }

    /// Where the entry with this name is shown, if the directory has it.
    func position(of name: [UInt8]) -> Int? {
        order.indices.first { self.name(at: $0).elementsEqual(name) }
    }

    private static func isDirectory(_ path: [UInt8]) -> Bool {
        var status = stat()
        return path.withNullTerminated { lstat($0, &status) } == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Calls `body` with each name a directory shows and its `d_type`: never `.` and `..`, hidden names only
    /// when asked; returns how many hidden names were left out. A path that is not a directory has none; one that
    /// cannot be read is an error.
    @discardableResult
    static func forEachName(
        in path: [UInt8], includeHidden: Bool, _ body: (UnsafeRawBufferPointer, Int) -> Void
    ) throws(SourceError) -> Int {
        guard let directory = path.withNullTerminated({ opendir($0) }) else {
            if errno == ENOTDIR { return 0 }
            throw SourceError("\(LosslessText.decode(path)): \(SourceFile.reason(errno))")
        }
        defer { closedir(directory) }
        var hidden = 0
        while let entry = readdir(directory) {
            let type = Int(entry.pointee.d_type)
            withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let name = UnsafeRawBufferPointer(rebasing: raw[..<(raw.firstIndex(of: 0) ?? raw.count)])
                if name.first == UInt8(ascii: ".") {
                    let dots = name.count == 1 || (name.count == 2 && name[1] == UInt8(ascii: "."))
                    if dots { return }
                    if !includeHidden {
                        hidden += 1
                        return
                    }
                }
                body(name, type)
            }
        }
        return hidden
    }
}

/// The natural-order keys of many names in one buffer (digit runs compare by value, `file2` before `file10`;
/// letters without regard to case), made so that comparing bytes gives that order: the UTF-8 of the lowercased
/// name (UTF-8 keeps the order of scalar values), each run of digits written as `0`, the number of its digits
/// without leading zeros, and those digits. Names that differ only in leading zeros: the shorter first.
struct NaturalKeys {
    private var scalars: [UInt8] = []
    private var starts: [Int32] = [0]

    /// Keys for `entries` names of `capacity` bytes in all (digit runs take a little more).
    init(capacity: Int = 0, entries: Int = 0) {
        scalars.reserveCapacity(capacity + capacity / 8)
        starts.reserveCapacity(entries + 1)
    }

    mutating func append(_ name: UnsafeRawBufferPointer) {
        let lowercased: [UInt8]
        if name.allSatisfy({ $0 < 0x80 }) {
            lowercased = name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
        } else {
            lowercased = Array(LosslessText.decode(Array(name)).lowercased().utf8)
        }
        var index = 0
        while index < lowercased.count {
            guard Self.isDigit(lowercased[index]) else {
                scalars.append(lowercased[index])
                index += 1
                continue
            }
            var end = index
            while end < lowercased.count, Self.isDigit(lowercased[end]) { end += 1 }
            while index < end - 1, lowercased[index] == UInt8(ascii: "0") { index += 1 }
            scalars.append(UInt8(ascii: "0"))
            scalars.append(UInt8(min(255, end - index)))
            scalars.append(contentsOf: lowercased[index..<end])
            index = end
        }
        starts.append(Int32(scalars.count))
    }

    /// Sorts entry numbers by their keys, directories first; names whose keys are equal (they differ only in
    /// leading zeros), shorter first, by their lengths from `nameStarts`.
    func sort(_ order: inout [Int32], directoriesFirst directories: [Bool], nameStarts: [Int32]) {
        scalars.withUnsafeBufferPointer { scalars in
            starts.withUnsafeBufferPointer { starts in
                nameStarts.withUnsafeBufferPointer { lengths in
                    directories.withUnsafeBufferPointer { directories in
                        order.sort { lhs, rhs in
                            let lhs = Int(lhs), rhs = Int(rhs)
                            if directories[lhs] != directories[rhs] { return directories[lhs] }
                            let a = Int(starts[lhs]), aCount = Int(starts[lhs + 1]) - a
                            let b = Int(starts[rhs]), bCount = Int(starts[rhs + 1]) - b
                            var index = 0
                            let common = min(aCount, bCount)
                            while index < common, scalars[a + index] == scalars[b + index] { index += 1 }
                            if index < common { return scalars[a + index] < scalars[b + index] }
                            if aCount != bCount { return aCount < bCount }
                            return lengths[lhs + 1] - lengths[lhs] < lengths[rhs + 1] - lengths[rhs]
                        }
                    }
                }
            }
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
