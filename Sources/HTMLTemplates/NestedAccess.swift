/// How a compiled template reaches the models a field holds, in place: handed the address of
/// the model that has the field, it hands on the address of the nested model, or of each
/// element of a list, without copying them.
///
/// `TemplateField.model(_:)` and `.list(_:)` make it where a model lists its fields, inlined into
/// that module, so the closures are compiled for the concrete types. Read by this module's
/// generic code instead, every use of a nested field looked up `Optional<Nested>`'s or
/// `Array<Element>`'s type metadata at run time (a seventh of the template engine's time in the
/// split view) and copied the model, a retain and a release for each reference it holds.
@usableFromInline
struct NestedAccess {
    /// How many nested models the field holds at the address given: 0 or 1 for a model, the
    /// count of a list.
    let count: (UnsafeRawPointer) -> Int
    /// Calls its second argument with the address of each nested model, in order, while it is
    /// valid; answers how many there were.
    let visit: (UnsafeRawPointer, (UnsafeRawPointer) -> Void) -> Int

    @usableFromInline
    init(count: @escaping (UnsafeRawPointer) -> Int, visit: @escaping (UnsafeRawPointer, (UnsafeRawPointer) -> Void) -> Int) {
        self.count = count
        self.visit = visit
    }
}
