/// Finding across the whole hierarchy: the find open now, what finds search and how far they walk.
package struct Finding: Sendable {
    /// The find over every item, while it is open.
    package internal(set) var open: FindState?
    /// The texts of an item that finds search.
    package var fields: SearchFields = .title
    /// How far finds walk the source; nil leaves it to the source.
    package var bound: SearchBound?
    /// The generation of the match of a find being opened.
    var openingHit = 0
    /// Counts the reloads of the source: a find after one walks it again.
    var epoch = 0
}
