/// What finds where a node was read: a compilation's table of files (`SourceFiles`), or one file
/// (`SourceFile`, `JSONDocument`) for a tree read from it alone.
public protocol SourceLocator: Sendable {
    /// Where `node` starts: nil for no node, for values the program created, and for nodes of files this
    /// locator does not hold.
    func location(of node: JSONNode?) -> SourceLocation?
    /// Where `member`'s key stands, on the same terms.
    func keyLocation(of member: JSONMember?) -> SourceLocation?
}
