/// The statuses the preview server answers with.
enum HTTPStatus: Int, Sendable {
    case ok = 200
    case badRequest = 400
    case forbidden = 403
    case notFound = 404
    case methodNotAllowed = 405
    case payloadTooLarge = 413
    case uriTooLong = 414
    case headerFieldsTooLarge = 431
    case internalServerError = 500
    case badGateway = 502
    case serviceUnavailable = 503
    case versionNotSupported = 505

    /// The reason phrase of the status line.
    var reason: String {
        switch self {
        case .ok: return "OK"
        case .badRequest: return "Bad Request"
        case .forbidden: return "Forbidden"
        case .notFound: return "Not Found"
        case .methodNotAllowed: return "Method Not Allowed"
        case .payloadTooLarge: return "Content Too Large"
        case .uriTooLong: return "URI Too Long"
        case .headerFieldsTooLarge: return "Request Header Fields Too Large"
        case .internalServerError: return "Internal Server Error"
        case .badGateway: return "Bad Gateway"
        case .serviceUnavailable: return "Service Unavailable"
        case .versionNotSupported: return "HTTP Version Not Supported"
        }
    }
}
