import LocatedJSON

/// One JSON-RPC 2.0 message from the client: a request (with an id), a notification, or a response to a
/// request the server sent.
struct RPCMessage {
    /// The request's id, as sent (a number or a string); nil for a notification.
    let id: JSONNode?
    /// The method; nil for a response.
    let method: String?
    /// The parameters (an empty object when absent).
    let params: JSONNode

    /// The message in `body`, or the error response to send when it is not a JSON-RPC message.
    static func decode(_ body: [UInt8]) -> Result<RPCMessage, RPCError> {
        let root: JSONNode
        do {
            // A 64 MiB document is one string: the parser's string limit is raised to the body's size.
            root = try JSONParser(maximumStringLength: max(body.count, JSONParser.defaultMaximumStringLength))
                .parse(bytes: body, name: "<message>").root
        } catch {
            return .failure(RPCError(.parseError, "the message is not JSON: \(error.message)"))
        }
        guard let object = root.objectValue else {
            return .failure(RPCError(.invalidRequest, "a message is a JSON object"))
        }
        let id = object["id"].flatMap { $0.isNull ? nil : $0 }
        if let id, id.stringValue == nil, id.numberValue == nil {
            return .failure(RPCError(.invalidRequest, "an id is a number or a string"))
        }
        let method = object["method"]
        if let method, method.stringValue == nil {
            return .failure(RPCError(.invalidRequest, "'method' is a string", id: id))
        }
        if method == nil, id == nil { return .failure(RPCError(.invalidRequest, "a message has no method")) }
        let params = object["params"] ?? .object([:])
        return .success(RPCMessage(id: id, method: method?.stringValue, params: params))
    }
}

/// A JSON-RPC error, with the code the protocol gives it.
struct RPCError: Error {
    /// The codes JSON-RPC and LSP define.
    enum Code: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestFailed = -32803
    }

    let code: Code
    let message: String
    /// The request it answers, when known.
    var id: JSONNode?

    init(_ code: Code, _ message: String, id: JSONNode? = nil) {
        self.code = code
        self.message = message
        self.id = id
    }
}

/// Messages the server sends, as JSON.
enum Outgoing {
    /// The response to the request `id` with `result` (`null` when nil).
    static func response(id: JSONNode, result: JSONNode?) -> JSONNode {
        .object(["jsonrpc": .string("2.0"), "id": id, "result": result ?? .null])
    }

    /// The error response for `error` (its id, or `null` when the request's id is unknown).
    static func error(_ error: RPCError) -> JSONNode {
        .object([
            "jsonrpc": .string("2.0"), "id": error.id ?? .null,
            "error": .object(["code": .integer(error.code.rawValue), "message": .string(error.message)]),
        ])
    }

    /// A notification of `method` with `params`.
    static func notification(_ method: String, _ params: JSONNode) -> JSONNode {
        .object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
    }

    /// A request from the server to the client.
    static func request(id: Int, _ method: String, _ params: JSONNode) -> JSONNode {
        .object(["jsonrpc": .string("2.0"), "id": .integer(id), "method": .string(method), "params": params])
    }

    /// The bytes of `message`, compact.
    static func bytes(_ message: JSONNode) -> [UInt8] {
        var bytes = JSONWriter(style: .compact).bytes(message)
        if bytes.last == 0x0A { bytes.removeLast() }
        return bytes
    }
}
