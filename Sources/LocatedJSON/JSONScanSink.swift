/// What `JSONScanner` builds from the text it accepts. The scanner checks the syntax and throws every error;
/// a sink only records, so a tree (`JSONTreeSink`) and a tape (`JSONTapeSink`) accept exactly the same texts.
///
/// Offsets are byte offsets into the file. Calls come in document order: a string's `Text` is made (by
/// `plainText` or `escapedText`) before the scanner goes on, a container is begun before its parts are scanned.
protocol JSONScanSink: ~Copyable {
    /// A scanned value.
    associatedtype Value
    /// A scanned string: an object key or a string value.
    associatedtype Text
    /// An object whose members are being scanned.
    associatedtype ObjectBuild
    /// An array whose elements are being scanned.
    associatedtype ArrayBuild

    mutating func null(at offset: Int) -> Value
    mutating func bool(_ flag: Bool, at offset: Int) -> Value
    /// A number's bytes as written (already checked to be JSON number syntax).
    mutating func number(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Value

    /// A string without escapes: its content (between the quotes) starting at `offset`. Nil when the content is
    /// not valid UTF-8 (only possible when `hasNonASCII`).
    mutating func plainText(_ content: UnsafeBufferPointer<UInt8>, at offset: Int, hasNonASCII: Bool) -> Text?
    /// A string with escapes, decoded; its content starts at `offset`. Nil when the decoded bytes are not valid UTF-8.
    mutating func escapedText(_ decoded: [UInt8], at offset: Int) -> Text?
    /// A string's text, for error messages.
    func words(_ text: Text) -> String
    /// A string value whose opening quote stands at `offset`.
    mutating func string(_ text: consuming Text, at offset: Int) -> Value

    mutating func emptyObject(at offset: Int) -> Value
    mutating func beginObject(at offset: Int) -> ObjectBuild
    /// A member whose key's opening quote stands at `keyOffset`. A key the object already has is a duplicate:
    /// the sink records it in `duplicates`, and the later value counts, at the earlier key's position.
    mutating func member(_ key: consuming Text, keyAt keyOffset: Int, value: consuming Value, in object: inout ObjectBuild)
    mutating func endObject(_ object: consuming ObjectBuild, at offset: Int) -> Value

    mutating func emptyArray(at offset: Int) -> Value
    mutating func beginArray(at offset: Int) -> ArrayBuild
    mutating func element(_ value: consuming Value, in array: inout ArrayBuild)
    mutating func endArray(_ array: ArrayBuild, at offset: Int) -> Value

    /// The duplicate keys found so far: the key, the offsets of its previous and its new key, and the offset of
    /// the object's opening brace.
    var duplicates: [(key: String, first: Int, second: Int, object: Int)] { get }
    /// The paths of the objects whose opening braces stand at `objectOffsets`, in the built value (where later
    /// duplicates have replaced earlier ones), found in one walk; an object that is not part of `root` has none.
    func paths(ofObjectsAt objectOffsets: Set<Int>, in root: Value) -> [Int: JSONPath]
}
