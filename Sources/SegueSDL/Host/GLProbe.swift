import CSDL2

/// Asks OpenGL what renders it: a hidden 1x1 window with a GL context, `glGetString(GL_RENDERER)`.
@MainActor
enum GLProbe {
    /// `GL_RENDERER` (OpenGL's enum for the renderer's name).
    static let glRendererEnum: UInt32 = 0x1F01

    /// The `GL_RENDERER` string, or nil when no GL context can be made. Needs SDL's video subsystem.
    static func rendererName() -> String? {
        let flags = SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_HIDDEN.rawValue
        guard let window = SDL_CreateWindow("segue gl probe", 0, 0, 1, 1, flags) else { return nil }
        defer { SDL_DestroyWindow(window) }
        guard let context = SDL_GL_CreateContext(window) else { return nil }
        defer { SDL_GL_DeleteContext(context) }
        return currentRendererName()
    }

    /// The `GL_RENDERER` string of the current GL context (an SDL OpenGL renderer's, once made), or nil
    /// when there is none.
    static func currentRendererName() -> String? {
        guard SDL_GL_GetCurrentContext() != nil, let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let getString = unsafeBitCast(address, to: GetString.self)
        guard let name = getString(glRendererEnum) else { return nil }
        return String(cString: name)
    }
}
