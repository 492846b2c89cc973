/// A filter that compares a singular query's node with a literal for equality (`@.kind == 'Deployment'`), its
/// parts taken out of the expression once, so that a loop testing every container copies none of them per test
/// (a class: a struct of them was copied, its references counted, at each test).
@usableFromInline
final class SingularEquality {
    @usableFromInline let steps: [PathKey]
    @usableFromInline let isRelative: Bool
    @usableFromInline let literal: JSONPathValue
    /// Whether the filter asks for equality (`==`) rather than its absence (`!=`).
    @usableFromInline let isEqual: Bool

    /// The comparison `expression` is, or nil for any other filter.
    @inlinable
    init?(_ expression: LogicalExpression) {
        guard case .comparison(let left, let comparison, let right) = expression,
              comparison == .equal || comparison == .notEqual else { return nil }
        switch (left, right) {
        case (.query(let query), .literal(let literal)), (.literal(let literal), .query(let query)):
            guard let steps = query.steps else { return nil }
            (self.steps, isRelative, self.literal, isEqual) = (steps, query.isRelative, literal, comparison == .equal)
        default:
            return nil
        }
    }
}

extension PathEvaluator {
    /// Whether `equality` holds for the current node, as ``test(_:current:)`` says of its expression: nothing
    /// equals no literal.
    @inlinable
    func holds(_ equality: SingularEquality, current: Node) -> Bool {
        guard let node = follow(equality.steps, from: equality.isRelative ? current : root) else { return !equality.isEqual }
        return node.equals(equality.literal) == equality.isEqual
    }
}
