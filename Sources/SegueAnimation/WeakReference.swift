/// A weak reference to an object, to keep in a collection without keeping the object alive (a layer an
/// animator attached animations to, a layer a change record tracks, a controller the soak watches being
/// freed). Segue's own targets share this one wrapper.
package struct WeakReference<Object: AnyObject> {
    /// The object, or nil once it is gone.
    package weak var object: Object?

    /// A weak reference to `object`.
    package init(_ object: Object) { self.object = object }
}
