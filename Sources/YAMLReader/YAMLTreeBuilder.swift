import LocatedJSON

/// Turns libyaml's event stream into a tree with an explicit stack (no recursion an input can drive).
struct YAMLTreeBuilder {
    private enum Entry {
        case member(JSONMember)
        /// Members merged in by `<<` at this position; explicit keys of the mapping win over them.
        case merge([JSONMember])
    }

    /// A sequence or mapping being built. A class, so that appending to the innermost one on the stack
    /// mutates it in place instead of copying its items (which would make long lists quadratic).
    private final class Frame {
        let isMapping: Bool
        let location: SourceLocation
        let anchor: String?
        /// Nodes this container holds so far, itself included, alias copies counted in full.
        var size = 1
        /// Scalar bytes it holds so far, alias copies counted in full.
        var bytes = 0
        /// Where its merge key (`<<`) is, once it has one.
        var mergeKey: SourceLocation?
        var items: [JSONNode] = []
        var entries: [Entry] = []
        var keys: [String: SourceLocation] = [:]
        var pendingKey: (text: String, location: SourceLocation, isMerge: Bool)?

        init(isMapping: Bool, location: SourceLocation, anchor: String?) {
            self.isMapping = isMapping
            self.location = location
            self.anchor = anchor
        }
    }

    private let reader: YAMLReader
    private let parser: LibYAMLParser
    private var stack: [Frame] = []
    private var anchors: [String: (node: JSONNode, size: Int, bytes: Int)] = [:]
    private var nodesMade = 0
    private var bytesMade = 0
    /// True once an alias was expanded (the budget message says so only then).
    private var usedAliases = false
    private var root: JSONNode?

    init(reader: YAMLReader, parser: LibYAMLParser) {
        self.reader = reader
        self.parser = parser
    }

    mutating func build() throws(YAMLError) -> JSONNode {
        var documents = 0
        while true {
            let (event, location) = try parser.next()
            switch event {
            case .streamStart, .documentEnd:
                continue
            case .documentStart:
                documents += 1
                if documents > 1 {
                    throw YAMLError(
                        .multipleDocuments, at: location,
                        "a second document ('---'): a declarations file holds one document")
                }
            case .streamEnd:
                guard let root else {
                    throw YAMLError(.empty, at: location, "the file holds no YAML document")
                }
                return root
            case .alias(let name):
                guard let anchored = anchors[name] else {
                    throw YAMLError(.unknownAlias, at: location, "alias '*\(name)' names no anchor defined before it")
                }
                usedAliases = true
                try count(anchored.size, bytes: anchored.bytes, at: location)
                var copy = anchored.node
                if copy.sourceOffset == nil { copy.place(at: location) }
                try deliver(copy, size: anchored.size, bytes: anchored.bytes, anchor: nil)
            case .scalar(let text, let style, let tag, let anchor):
                if text.utf8.count > YAMLReader.maximumScalarLength {
                    throw YAMLError(
                        .stringTooLong, at: location,
                        "a value longer than the limit of \(YAMLReader.maximumScalarLength) bytes")
                }
                try count(1, bytes: text.utf8.count, at: location)
                let node = try scalar(text, style: style, tag: tag, at: location)
                try deliver(node, size: 1, bytes: text.utf8.count, anchor: anchor)
            case .sequenceStart(let tag, let anchor):
                try checkContainerTag(tag, at: location)
                try push(Frame(isMapping: false, location: location, anchor: anchor), at: location)
            case .mappingStart(let tag, let anchor):
                try checkContainerTag(tag, at: location)
                try push(Frame(isMapping: true, location: location, anchor: anchor), at: location)
            case .sequenceEnd, .mappingEnd:
                guard let frame = stack.popLast() else { continue }
                try count(1, bytes: 0, at: frame.location)
                let value: JSONValue =
                    frame.isMapping
                    ? .object(Self.resolveMerges(frame.entries, explicitKeys: frame.keys))
                    : .array(frame.items)
                try deliver(
                    JSONNode(value, location: frame.location), size: frame.size, bytes: frame.bytes,
                    anchor: frame.anchor)
            }
        }
    }

    private mutating func push(_ frame: Frame, at location: SourceLocation) throws(YAMLError) {
        guard stack.count < reader.maximumDepth else {
            throw YAMLError(.tooDeep, at: location, "nesting deeper than \(reader.maximumDepth) levels")
        }
        stack.append(frame)
    }

    private mutating func count(_ nodes: Int, bytes: Int, at location: SourceLocation) throws(YAMLError) {
        nodesMade += nodes
        bytesMade += bytes
        let copies = usedAliases ? " (aliases are copied where they are used)" : ""
        if nodesMade > reader.nodeBudget {
            throw YAMLError(
                .aliasBudget, at: location,
                usedAliases
                    ? "the document expands to more than \(reader.nodeBudget) nodes\(copies)"
                    : "the document has more than \(reader.nodeBudget) nodes")
        }
        if bytesMade > reader.byteBudget {
            throw YAMLError(
                .aliasBudget, at: location,
                "the document expands to more than \(reader.byteBudget >> 20) MiB of text\(copies), more than a file may hold"
            )
        }
    }

    private func scalar(_ text: String, style: ScalarStyle, tag: String?, at location: SourceLocation) throws(YAMLError)
        -> JSONNode
    {
        switch tag {
        case nil, "!":
            if style == .plain, ["", "~", "null", "Null", "NULL"].contains(text) {
                return JSONNode(.null, location: location, scalarStyle: .plain)
            }
            return JSONNode(.string(text), location: location, scalarStyle: style)
        case "!include":
            guard let handler = reader.includeHandler else {
                throw YAMLError(.unknownTag, at: location, "'!include' is not allowed here")
            }
            return try handler(text, location)
        case "tag:yaml.org,2002:str":
            return JSONNode(.string(text), location: location, scalarStyle: style == .plain ? .doubleQuoted : style)
        case "tag:yaml.org,2002:null":
            return JSONNode(.null, location: location, scalarStyle: style)
        case let known? where Self.standardScalarTags.contains(known):
            return JSONNode(.string(text), location: location, scalarStyle: .plain)
        case let unknown?:
            throw YAMLError(
                .unknownTag, at: location,
                "unknown tag '\(Self.shortTag(unknown))': mc-style knows '!include' and YAML's standard tags")
        }
    }

    private static let standardScalarTags: Set<String> = [
        "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
    ]

    private func checkContainerTag(_ tag: String?, at location: SourceLocation) throws(YAMLError) {
        guard let tag, !["tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "!"].contains(tag) else { return }
        if tag == "!include" {
            throw YAMLError(.unknownTag, at: location, "'!include' takes a file path, not a mapping or a list")
        }
        throw YAMLError(
            .unknownTag, at: location,
            "unknown tag '\(Self.shortTag(tag))': mc-style knows '!include' and YAML's standard tags")
    }

    private static func shortTag(_ tag: String) -> String {
        tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
    }

    /// Hands a finished node to its parent (or makes it the root) and records its anchor.
    private mutating func deliver(_ node: JSONNode, size: Int, bytes: Int, anchor: String?) throws(YAMLError) {
        if let anchor { anchors[anchor] = (node, size, bytes) }
        guard let top = stack.last else {
            root = node
            return
        }
        top.size += size
        top.bytes += bytes
        guard top.isMapping else {
            top.items.append(node)
            return
        }
        if let key = top.pendingKey {
            top.pendingKey = nil
            if key.isMerge {
                top.entries.append(
                    .merge(try Self.mergeMembers(node, at: key.location, in: reader.files ?? parser.file)))
            } else {
                top.entries.append(.member(JSONMember(key: key.text, keyLocation: key.location, value: node)))
            }
            return
        }
        let keyLocation = (reader.files ?? parser.file).location(of: node) ?? top.location
        let text: String
        switch node.value {
        case .string(let value): text = value
        case .null: text = ""
        default:
            throw YAMLError(.complexKey, at: keyLocation, "a mapping key must be a scalar, not \(Self.noun(node))")
        }
        if text == "<<", node.scalarStyle == .plain {
            if let first = top.mergeKey {
                throw YAMLError(
                    .duplicateKey, at: keyLocation,
                    "a second merge key '<<' in one mapping: give one, with a list for several (<<: [*a, *b])",
                    related: [("the first '<<' is here", first)])
            }
            top.mergeKey = keyLocation
            top.pendingKey = (text, keyLocation, true)
            return
        }
        if let first = top.keys[text] {
            throw YAMLError(
                .duplicateKey, at: keyLocation, "duplicate key '\(text)'",
                related: [("'\(text)' first defined here", first)])
        }
        top.keys[text] = keyLocation
        top.pendingKey = (text, keyLocation, false)
    }

    /// The members a merge key brings: a mapping's, or each mapping's of a list (earlier ones win).
    private static func mergeMembers(
        _ node: JSONNode, at location: SourceLocation, in file: any SourceLocator
    ) throws(YAMLError) -> [JSONMember] {
        switch node.value {
        case .object(let object):
            return object.members
        case .array(let items):
            var merged: [JSONMember] = []
            var seen: Set<String> = []
            for item in items {
                guard let object = item.objectValue else {
                    throw YAMLError(
                        .badMerge, at: file.location(of: item) ?? location,
                        "a merge key ('<<') takes mappings, not \(noun(item))"
                    )
                }
                for member in object.members where seen.insert(member.key).inserted { merged.append(member) }
            }
            return merged
        default:
            throw YAMLError(
                .badMerge, at: file.location(of: node) ?? location,
                "a merge key ('<<') takes a mapping or a list of mappings, not \(noun(node))")
        }
    }

    /// How YAML calls a node's kind.
    private static func noun(_ node: JSONNode) -> String {
        switch node.value {
        case .array: return "a sequence"
        case .object: return "a mapping"
        default: return "a scalar"
        }
    }

    private static func resolveMerges(_ entries: [Entry], explicitKeys: [String: SourceLocation]) -> JSONObject {
        var members: [JSONMember] = []
        var merged: Set<String> = []
        for entry in entries {
            switch entry {
            case .member(let member):
                members.append(member)
            case .merge(let candidates):
                for member in candidates where explicitKeys[member.key] == nil && merged.insert(member.key).inserted {
                    members.append(member)
                }
            }
        }
        return JSONObject(members)
    }
}
