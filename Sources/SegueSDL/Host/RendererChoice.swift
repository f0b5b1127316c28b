/// Which back-end draws a window: the CPU compositor (pixman, presented through SDL's window surface)
/// or the GPU path (`SDL_RenderGeometry` on one of SDL's render drivers).
public enum RendererChoice: String, CaseIterable, Sendable {
    /// The GPU path when OpenGL runs on a real GPU; the CPU compositor when OpenGL is a software
    /// rasteriser (Mesa llvmpipe, softpipe) or missing.
    case automatic
    /// The CPU compositor.
    case cpu
    /// The GPU path on SDL's accelerated renderer (whatever the GL renderer is).
    case gpu
    /// The GPU path's code on SDL's software renderer (always available; slow at large sizes: fill rate).
    case software
    /// The GPU path on SDL's OpenGL driver (Mesa llvmpipe under Xvfb).
    case opengl
    /// The GPU path on SDL's OpenGL ES 2 driver.
    case opengles2
}

/// The back-end a window ended up with, and why.
public struct BackEndSelection: Sendable, Equatable, CustomStringConvertible {
    /// The two back-ends.
    public enum Kind: String, Sendable {
        /// The CPU compositor (pixman).
        case cpu
        /// The GPU path (`SDL_RenderGeometry`).
        case gpu
    }

    /// Which back-end draws.
    public let kind: Kind
    /// Why it was chosen ("asked for with --renderer cpu", "OpenGL is llvmpipe (...), a software rasteriser").
    public let reason: String

    /// A selection of `kind` for `reason`.
    public init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// Substrings of `GL_RENDERER` that name a software rasteriser (Mesa's llvmpipe and softpipe, its
    /// classic swrast, Google's SwiftShader, Microsoft's WARP-based "D3D12 (Microsoft Basic Render Driver)").
    public static let softwareGLRenderers = ["llvmpipe", "softpipe", "software rasterizer", "swrast", "swiftshader",
                                             "basic render driver"]

    /// The software rasteriser a `GL_RENDERER` string names (an entry of ``softwareGLRenderers``), if any.
    public static func softwareRasteriser(named glRenderer: String) -> String? {
        let lower = glRenderer.lowercased()
        return softwareGLRenderers.first { lower.contains($0) }
    }

    /// What ``RendererChoice/automatic`` picks for a `GL_RENDERER` string (nil: no OpenGL at all).
    public static func automatic(glRenderer: String?) -> BackEndSelection {
        guard let glRenderer else {
            return BackEndSelection(kind: .cpu, reason: "automatic: no OpenGL context could be made")
        }
        if let name = softwareRasteriser(named: glRenderer) {
            return BackEndSelection(kind: .cpu, reason: "automatic: OpenGL is \(glRenderer), a software rasteriser (\(name))")
        }
        return BackEndSelection(kind: .gpu, reason: "automatic: OpenGL is \(glRenderer), a GPU")
    }

    /// The renderer and why it was chosen, as the HUD prints it.
    public var description: String { "\(kind.rawValue) (\(reason))" }
}
