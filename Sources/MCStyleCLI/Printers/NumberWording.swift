/// "1 tile", "2 tiles": a count with its noun, plural when it is not one.
func counted(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
}

/// `value` rounded half away from zero to `digits` decimals, without Foundation.
func fixed(_ value: Double, digits: Int = 2) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9e18 else { return "\(value)" }
    let units = Int64(scaled)
    let whole = units / Int64(scale)
    let fraction = units % Int64(scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard digits > 0 else { return sign + String(whole) }
    let fractionText = String(fraction)
    return sign + String(whole) + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
}
