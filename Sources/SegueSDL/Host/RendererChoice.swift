/// Which SDL render driver a window uses.
public enum RendererChoice: String, CaseIterable, Sendable {
    /// An accelerated renderer when SDL has one, else the software renderer.
    case automatic
    /// SDL's software renderer (always available; slow at large sizes: fill rate).
    case software
    /// OpenGL (Mesa llvmpipe under Xvfb).
    case opengl
    /// OpenGL ES 2.
    case opengles2
}
