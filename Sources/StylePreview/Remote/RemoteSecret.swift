import StyleRuntime

/// A secret that remote URLs carry (TomTom's API key, or a `${NAME}` environment value): the page's style holds
/// `standIn` in its place, `RemoteGateway` puts `value` in on the way out, and everything shown or stored says
/// `display`.
public struct RemoteSecret: Sendable, Equatable {
    /// Which secret.
    public enum Name: Sendable, Equatable, Hashable {
        /// TomTom's API key: goes only into `https` URLs on TomTom's hosts.
        case apiKey
        /// An environment value (`${NAME}`): goes into the templates that name it.
        case environment(String)
    }

    /// Which secret it is.
    public let name: Name
    /// The value, as given.
    public let value: String

    /// The secret `name` with `value`.
    public init(_ name: Name, value: String) {
        self.name = name
        self.value = value
    }

    /// What the page's URLs hold instead of the value: unreserved characters only, so that percent-encoding leaves
    /// it as it is, and ending in `.`, so that no stand-in is part of another.
    public var standIn: String {
        switch name {
        case .apiKey: return "mc-style-api-key."
        case .environment(let variable):
            let kept = variable.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                    ? Character(scalar) : "_"
            }
            return "mc-style-env." + String(kept) + "."
        }
    }

    /// How it is shown and stored: `{key}`, `${NAME}`.
    public var display: String {
        switch name {
        case .apiKey: return Placeholder.apiKey.token
        case .environment(let variable): return "${\(variable)}"
        }
    }

    /// The value as it goes into a URL, as `StyleRuntime` fills it: the key percent-encoded, an environment value
    /// as given.
    var encodedValue: String {
        switch name {
        case .apiKey: return PercentEncoding.string(value)
        case .environment: return value
        }
    }

    /// The forms of the value a message could hold (masked by the fetcher).
    var maskedForms: [String] { value.isEmpty ? [] : [value, encodedValue] }

    /// True when the value may go into a URL of `template` (stand-ins in place): the key into `https` URLs on
    /// TomTom's hosts only, an environment value wherever its template names it.
    func mayGo(into template: String) -> Bool {
        switch name {
        case .apiKey: return URLHost.keyDestination(of: template) == .tomTom
        case .environment: return true
        }
    }
}
