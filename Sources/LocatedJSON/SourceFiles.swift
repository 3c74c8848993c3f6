import Synchronization

/// The files one compilation (or one command's run) reads, numbered from 1 in the order they were added, as
/// clang's `SourceManager` numbers its files. A node names its file by that number; its location is found
/// through the table that numbered the file (`location(of:)`), or through the file itself when there is one
/// (`SourceFile.location(of:)`). There is no registry of files beyond the tables their owners hold.
///
/// The table keeps its files, and so their text, for as long as it lives. Numbers are per table: two tables
/// both have a file 1, so a node is resolved only through the table its file was added to. Adding is safe from
/// any thread (a base style and its declarations are read on two).
public final class SourceFiles: SourceLocator {
    private let files = Mutex<[SourceFile]>([])

    /// An empty table.
    public init() {}

    /// Adds a file of `bytes`, named `name` in locations and messages, and returns it with its number. Past
    /// `SourceFile.numberLimit - 1` files a file gets no number (0), so its nodes have no location.
    public func add(name: String, bytes: [UInt8]) -> SourceFile {
        files.withLock { files in
            guard files.count + 1 < Int(SourceFile.numberLimit) else {
                return SourceFile(name: name, bytes: bytes, id: 0)
            }
            let file = SourceFile(name: name, bytes: bytes, id: UInt32(files.count + 1))
            files.append(file)
            return file
        }
    }

    /// `file` itself when this table numbered it; otherwise the same name and bytes added here (the bytes are
    /// shared, not copied), so that a tree read from the result is placed through this table.
    public func adopting(_ file: SourceFile) -> SourceFile {
        self.file(numbered: file.id) === file ? file : add(name: file.name, bytes: file.bytes)
    }

    /// The file numbered `id` in this table; nil for 0 (no file) and for numbers the table did not give.
    public func file(numbered id: UInt32) -> SourceFile? {
        guard id != 0 else { return nil }
        return files.withLock { files in Int(id) <= files.count ? files[Int(id) - 1] : nil }
    }

    /// The files added so far, in order.
    public var all: [SourceFile] { files.withLock { $0 } }

    /// Where `node` starts: nil for no node and for values the program created.
    public func location(of node: JSONNode?) -> SourceLocation? {
        guard let node, let offset = node.sourceOffset, let file = file(numbered: node.fileNumber) else { return nil }
        return SourceLocation(file: file, offset: offset)
    }

    /// Where `member`'s key stands: nil for no member and for members the program created.
    public func keyLocation(of member: JSONMember?) -> SourceLocation? {
        guard let member, let offset = member.keySourceOffset, let file = file(numbered: member.keyFileNumber) else {
            return nil
        }
        return SourceLocation(file: file, offset: offset)
    }
}
