/// Where the GPU executor (``LayerRenderer``) draws a frame: into a target texture kept from frame to
/// frame (a window's retained pixels), or into the SDL renderer's current target (the window, or a
/// headless renderer's surface); only inside `box`, target pixels (the rest keeps its pixels).
struct GPUTarget {
    /// The texture drawn into (made with `SDL_TEXTUREACCESS_TARGET`), nil: the renderer's current target.
    var texture: OpaquePointer?
    /// The target pixels redrawn.
    var box: PixelRect
}
