#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a fetch may go to a host a document names: never to loopback, link-local, private or otherwise special
/// addresses, whether the URL names them (`127.0.0.1`, `0x7f.1`, `2130706433`, `[::1]`, `localhost`) or its name
/// resolves to them. The preview's fetches and the assets `fetch-base` locks go only to public hosts, unless the
/// user named the host.
package enum NetworkDestination {
    /// Why `host` (as `URLAuthority` gives it: lowercased, IPv6 in brackets) may not be fetched from; nil when it
    /// may. A name that does not resolve here is left to the fetcher, which fails on it the same way.
    package static func refusal(host: String) -> String? {
        if host.hasPrefix("[") {
            guard host.hasSuffix("]"), let address = ipv6(String(host.dropFirst().dropLast())) else {
                return "its host \(host) is not an IPv6 address"
            }
            return isPublic(v6: address) ? nil : "\(host) is a loopback, link-local or private address"
        }
        if endsInANumber(host) {
            guard let address = ipv4(host) else { return "its host \(host) is not an IPv4 address" }
            return isPublic(v4: address) ? nil : "\(host) is a loopback, link-local or private address"
        }
        if host == "localhost" || host.hasSuffix(".localhost") || host == "localhost." {
            return "\(host) is this machine"
        }
        for address in resolved(host) where !address.isPublic {
            return "\(host) resolves to \(address.text), a loopback, link-local or private address"
        }
        return nil
    }

    /// An address a name resolved to.
    struct Resolved {
        let text: String
        let isPublic: Bool
    }

    /// The addresses `host` resolves to here (none when it does not).
    private static func resolved(_ host: String) -> [Resolved] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var found: [Resolved] = []
        var entry = list
        while let current = entry {
            if let address = current.pointee.ai_addr {
                if current.pointee.ai_family == AF_INET {
                    let value = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        UInt32(bigEndian: $0.pointee.sin_addr.s_addr)
                    }
                    found.append(Resolved(text: v4Text(value), isPublic: isPublic(v4: value)))
                } else if current.pointee.ai_family == AF_INET6 {
                    let bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                        withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
                    }
                    found.append(Resolved(text: "an IPv6 address", isPublic: isPublic(v6: bytes)))
                }
            }
            entry = current.pointee.ai_next
        }
        return found
    }

    /// WHATWG's "ends in a number": the last label (after a trailing dot is dropped) is decimal digits or `0x`
    /// hexadecimal, so the whole host is parsed as an IPv4 address.
    static func endsInANumber(_ host: String) -> Bool {
        var labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.last == "", labels.count > 1 { labels.removeLast() }
        guard let last = labels.last, !last.isEmpty else { return false }
        if last.utf8.allSatisfy({ (48...57).contains($0) }) { return true }
        let lower = last.lowercased()
        return lower.hasPrefix("0x") && lower.dropFirst(2).allSatisfy(\.isHexDigit)
    }

    /// The IPv4 address WHATWG reads from `host` (`127.1`, `0x7f000001`, `017700000001`); nil when it is not one.
    static func ipv4(_ host: String) -> UInt32? {
        var labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.last == "", labels.count > 1 { labels.removeLast() }
        guard (1...4).contains(labels.count) else { return nil }
        var numbers: [UInt64] = []
        for label in labels {
            guard !label.isEmpty else { return nil }
            let lower = label.lowercased()
            let value: UInt64?
            if lower.hasPrefix("0x") {
                value = lower.count == 2 ? 0 : UInt64(lower.dropFirst(2), radix: 16)
            } else if lower.count > 1, lower.hasPrefix("0") {
                value = UInt64(lower.dropFirst(), radix: 8)
            } else {
                value = UInt64(lower, radix: 10)
            }
            guard let value else { return nil }
            numbers.append(value)
        }
        guard numbers.dropLast().allSatisfy({ $0 <= 255 }), let last = numbers.last else { return nil }
        let lastLimit = UInt64(1) << (8 * UInt64(5 - numbers.count))
        guard last < lastLimit else { return nil }
        var address = last
        for (index, number) in numbers.dropLast().enumerated() { address += number << (8 * UInt64(3 - index)) }
        return UInt32(truncatingIfNeeded: address)
    }

    /// The 16 bytes of an IPv6 address in text (`::1`, `fe80::1`, `::ffff:127.0.0.1`); nil when it is not one.
    static func ipv6(_ text: String) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let parsed = text.withCString { inet_pton(AF_INET6, $0, &bytes) }
        return parsed == 1 ? bytes : nil
    }

    /// False for 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.168/16, 198.18/15 and
    /// 224/3 (multicast, reserved, broadcast).
    static func isPublic(v4 address: UInt32) -> Bool {
        let blocked: [(UInt32, Int)] = [
            (0x0000_0000, 8), (0x0A00_0000, 8), (0x6440_0000, 10), (0x7F00_0000, 8), (0xA9FE_0000, 16),
            (0xAC10_0000, 12), (0xC000_0000, 24), (0xC0A8_0000, 16), (0xC612_0000, 15), (0xE000_0000, 3),
        ]
        return !blocked.contains { network, bits in address >> (32 - bits) == network >> (32 - bits) }
    }

    /// False for `::`, `::1`, fc00::/7, fe80::/10, ff00::/8, and IPv4-mapped or NAT64 forms of a blocked IPv4
    /// address.
    static func isPublic(v6 bytes: [UInt8]) -> Bool {
        guard bytes.count == 16 else { return false }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) { return false }
        if bytes[0] & 0xFE == 0xFC || bytes[0] == 0xFF || (bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80) {
            return false
        }
        let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
        let nat64 = Array(bytes[0..<12]) == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]
        if mapped || nat64 {
            let v4 = bytes[12..<16].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return isPublic(v4: v4)
        }
        return true
    }

    private static func v4Text(_ address: UInt32) -> String {
        [24, 16, 8, 0].map { String(address >> UInt32($0) & 0xFF) }.joined(separator: ".")
    }
}
