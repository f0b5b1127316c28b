extension LayerTree {
    /// One frame, phase by phase (``FramePhase``): the one frame function that the SDL window, the test
    /// harnesses and headless replay all run, after moving the clock to the frame's time.
    ///
    /// The phases that belong to the floors above (input, queued work, layout, render) are given as
    /// closures; the tree runs its own (``runDueCallbacks()``, ``computePresentation()``). Layout runs a
    /// second time after the callbacks, so that views a completion changed are laid out in the same
    /// frame (a layout pass is cheap when nothing needs it). `observer` is told as each phase begins.
    /// For the whole frame the tree is ``LayerTree/current``: work queued in it runs in this tree's
    /// callbacks, also when the frame runs inside another tree's.
    public func runFrame(input: () throws -> Void = {}, queuedWork: () throws -> Void = {},
                         layout: () throws -> Void = {}, render: (LayerTree) throws -> Void = { _ in },
                         observer: ((FramePhase) -> Void)? = nil) rethrows {
        try runAsCurrent {
            try runPhases(input: input, queuedWork: queuedWork, layout: layout, render: render, observer: observer)
        }
    }

    private func runPhases(input: () throws -> Void, queuedWork: () throws -> Void, layout: () throws -> Void,
                           render: (LayerTree) throws -> Void, observer: ((FramePhase) -> Void)?) rethrows {
        observer?(.input)
        try input()
        observer?(.queuedWork)
        try queuedWork()
        observer?(.layout)
        try layout()
        observer?(.callbacks)
        runDueCallbacks()
        try layout()
        observer?(.presentation)
        computePresentation()
        observer?(.render)
        try render(self)
    }
}
