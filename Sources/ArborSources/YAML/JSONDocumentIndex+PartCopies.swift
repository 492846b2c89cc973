import CYAMLBlock

extension JSONDocumentIndex {
    /// Appends the containers of `tail`, the index of a second part's text, with those of the `copies` put into
    /// that text, in document order: offsets moved past the copies before them and on by `shift`, numbers after
    /// these; a container of the part's first sequence (its parent -2) placed by `placed`. A copy of a collection
    /// is scanned. False when a copy is not one JSON value (nothing is then to be read from this index).
    mutating func append(_ tail: JSONDocumentIndex, with copies: YAMLPartCopies, shift: Int,
                         placed: (_ parent: Int32, _ place: Int32) -> (Int32, Int32)) -> Bool {
        var scanned: [JSONDocumentIndex?] = []
        for copy in 0..<copies.count {
            let bytes = copies.bytes(of: copy)
            guard let first = bytes.first else { return false }
            guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
                scanned.append(nil)
                continue
            }
            guard let index = JSONDocumentScanner.scan(bytes) else { return false }
            scanned.append(index)
        }
        var numbers = [Int32](repeating: 0, count: tail.count)
        func mapped(_ parent: Int32, _ place: Int32) -> (Int32, Int32) {
            parent == ARBOR_YAML_PART_SEQUENCE ? placed(parent, place) : (numbers[Int(parent)], place)
        }
        var copy = 0
        func putCopies(before offset: Int) {
            while copy < copies.count, Int(copies.copies.at[copy]) < offset {
                let (parent, place) = copies.member(of: copy)
                if let index = scanned[copy] { appendCopy(index, at: shift + copies.start(of: copy), as: mapped(parent, place)) }
                copy += 1
            }
        }
        for container in 0..<tail.count {
            let start = tail.start[container]
            putCopies(before: start)
            let (parent, place) = mapped(tail.parent[container], Int32(tail.placeInStride[container]))
            let number = open(at: shift + copies.moved(start), parent: parent, position: place)
            numbers[container] = number
            close(number, at: shift + copies.moved(tail.end(container)), members: Int32(tail.memberCount[container]))
            for offset in tail.checkpoints[Int32(container)] ?? [] { addCheckpoint(shift + copies.moved(offset), to: number) }
        }
        putCopies(before: .max)
        return true
    }

    /// Appends the containers of a copy's index, the copy starting at `offset`, its top a member of `top`'s
    /// container at its place.
    private mutating func appendCopy(_ index: JSONDocumentIndex, at offset: Int, as top: (parent: Int32, place: Int32)) {
        let first = Int32(count)
        for container in 0..<index.count {
            let (parent, place) = container == 0 ? top : (first + index.parent[container], Int32(index.placeInStride[container]))
            let number = open(at: offset + index.start[container], parent: parent, position: place)
            close(number, at: offset + index.end(container), members: Int32(index.memberCount[container]))
            for checkpoint in index.checkpoints[Int32(container)] ?? [] { addCheckpoint(offset + checkpoint, to: number) }
        }
    }
}
