/// The path of a walk in progress: a base and the components below it, pushed and popped as the walk
/// descends, made into a `JSONPath` only when a finding needs one. (A `JSONPath` grows by one linked node per
/// step, an allocation each: too much for walks over every value of every layer that rarely find anything.)
package struct PathTrail {
    package let base: JSONPath
    private var components: [JSONPath.Component] = []

    package init(_ base: JSONPath) {
        self.base = base
        components.reserveCapacity(16)
    }

    /// The path walked to.
    package var path: JSONPath {
        var path = base
        for component in components { path.append(component) }
        return path
    }

    /// Runs `body` one step further down (an array index or object key).
    package mutating func descend(_ component: JSONPath.Component, _ body: (inout PathTrail) -> Void) {
        components.append(component)
        body(&self)
        components.removeLast()
    }
}
