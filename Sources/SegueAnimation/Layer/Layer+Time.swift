extension Layer {
    // MARK: Time

    /// The layer's local time for a time in the tree's global (clock) time.
    public func localTime(fromGlobal t: Double) -> Double {
        var chain: [Layer] = []
        var layer: Layer? = self
        while let l = layer { chain.append(l); layer = l.superlayer ?? l.maskedLayer }
        var time = t
        for l in chain.reversed() {
            time = l.timing.activeTime(parentTime: time, beginTime: l.timing.beginTime)
        }
        return time
    }

    /// The global (clock) time at which this layer's local time is `t`.
    public func globalTime(fromLocal t: Double) -> Double {
        var time = t
        var layer: Layer? = self
        while let l = layer {
            time = l.timing.parentTime(activeTime: time, beginTime: l.timing.beginTime)
            layer = l.superlayer ?? l.maskedLayer
        }
        return time
    }

    /// Converts a time from `layer`'s local time (nil: the clock's) to this layer's (`convertTime(_:from:)`).
    public func convertTime(_ t: Double, from layer: Layer?) -> Double {
        localTime(fromGlobal: layer.map { $0.globalTime(fromLocal: t) } ?? t)
    }

    /// Converts a time from this layer's local time to `layer`'s (nil: the clock's).
    public func convertTime(_ t: Double, to layer: Layer?) -> Double {
        let global = globalTime(fromLocal: t)
        return layer.map { $0.localTime(fromGlobal: global) } ?? global
    }

    /// The layer's local time now, by its tree's clock (0 outside a tree).
    public var currentLocalTime: Double {
        localTime(fromGlobal: tree?.mediaTime ?? 0)
    }
}
