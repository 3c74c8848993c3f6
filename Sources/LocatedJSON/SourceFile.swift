#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The bytes of one input file and where its lines start, shared by every node read from it.
///
/// Lines are 1-based and end at `\n`, `\r\n` or a lone `\r`. Columns are 1-based and count Unicode scalars
/// (UTF-8 lead bytes), the unit that libyaml also reports, so JSON and YAML positions agree. A UTF-8
/// byte-order mark is not counted (libyaml does not count it either).
public final class SourceFile: Sendable {
    /// The name shown in diagnostics: a path relative to where the user pointed, or `<stdin>`.
    public let name: String
    /// The file's bytes as read.
    public let bytes: [UInt8]
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    private let lineStarts: [Int]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        self.lineStarts = Self.findLineStarts(bytes)
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset; offsets past the end map to the end.
    public func position(ofOffset offset: Int) -> SourcePosition {
        let clamped = min(max(offset, lineStarts[0]), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < clamped {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        // A column that starts inside a multi-byte scalar counts that scalar.
        if clamped < bytes.count, clamped > lineStarts[low], bytes[clamped] & 0xC0 == 0x80 { column -= 1 }
        return SourcePosition(line: low + 1, column: max(column, 1))
    }

    /// The byte offset of a 1-based line and column (Unicode scalars); positions past the end of a line or of
    /// the file map to that end. The inverse of `position(ofOffset:)`.
    public func offset(line: Int, column: Int) -> Int {
        guard line >= 1 else { return 0 }
        guard line <= lineStarts.count else { return bytes.count }
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        var index = lineStarts[line - 1]
        var remaining = column - 1
        while remaining > 0, index < end {
            index += 1
            while index < end, bytes[index] & 0xC0 == 0x80 { index += 1 }
            remaining -= 1
        }
        return index
    }

    /// The text of a 1-based line without its line break (invalid UTF-8 shown as U+FFFD), or nil past the end.
    public func lineText(_ line: Int) -> String? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The number of lines (a final line break does not open a line of its own only when the file is empty).
    public var lineCount: Int { lineStarts.count }

    /// A UTF-8 byte-order mark is not part of the first line: columns there count from after it. Files without
    /// a carriage return (nearly all) are scanned with `memchr` for line feeds alone.
    private static func findLineStarts(_ bytes: [UInt8]) -> [Int] {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var starts = [start]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > start else { return }
            let count = buffer.count
            if memchr(base + start, Int32(UInt8(ascii: "\r")), count - start) == nil {
                var index = start
                while index < count, let found = memchr(base + index, Int32(UInt8(ascii: "\n")), count - index) {
                    index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    starts.append(index)
                }
                return
            }
            var index = start
            while index < count {
                let byte = buffer[index]
                index += 1
                if byte == UInt8(ascii: "\n") {
                    starts.append(index)
                } else if byte == UInt8(ascii: "\r") {
                    if index < count, buffer[index] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(index)
                }
            }
        }
        return starts
    }
}

/// A 1-based line and a 1-based column counted in Unicode scalars.
public struct SourcePosition: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public var description: String { "\(line):\(column)" }
}

/// Where something came from: a file and a byte offset in it. Line and column are computed on demand.
public struct SourceLocation: Sendable, CustomStringConvertible {
    public let file: SourceFile
    /// Byte offset from the start of the file (a byte-order mark counts).
    public let offset: Int

    public init(file: SourceFile, offset: Int) {
        self.file = file
        self.offset = offset
    }

    /// 1-based line and column (Unicode scalars).
    public var position: SourcePosition { file.position(ofOffset: offset) }

    /// `file:line:column`.
    public var description: String { "\(file.name):\(position)" }
}

extension SourceLocation: Equatable, Hashable {
    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.file === rhs.file && lhs.offset == rhs.offset
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(file))
        hasher.combine(offset)
    }
}
