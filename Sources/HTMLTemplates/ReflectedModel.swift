/// Reads a model that does not conform to `TemplateModel` through reflection: a struct's or
/// class's stored properties, a `[String: Any]`'s keys. Values are taken as `TemplateModel`
/// conformances where they have them.
struct ReflectedModel: DynamicModel {
    let subject: Any

    func field(_ name: String) -> TemplateValue {
        if let dictionary = subject as? [String: Any] { return dictionary[name].map(Self.value) ?? .missing }
        guard name != "." else { return Self.value(of: subject) }
        for child in Mirror(reflecting: subject).children where child.label == name {
            return Self.value(of: child.value)
        }
        return .missing
    }

    /// `subject` read by name: through its fields when it conforms, else through reflection.
    static func model(_ subject: Any) -> any DynamicModel {
        guard let model = subject as? any TemplateModel else { return ReflectedModel(subject: subject) }
        return conforming(model)
    }

    private static func conforming<Model: TemplateModel>(_ model: Model) -> any DynamicModel {
        ConformingModel(model: model)
    }

    static func value(of subject: Any) -> TemplateValue {
        switch subject {
        case let text as String: return .text(text)
        case let flag as Bool: return .flag(flag)
        case let number as Int: return .number(number)
        // Only an array of bytes: an empty array of anything casts to `[UInt8]` too.
        case let bytes as [UInt8] where type(of: subject) == [UInt8].self: return .utf8(bytes)
        case let model as any TemplateModel: return .model(conforming(model))
        default: break
        }
        let mirror = Mirror(reflecting: subject)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { value(of: $0.value) } ?? .missing
        case .collection, .set:
            return .list(mirror.children.map { model($0.value) })
        case .struct, .class, .dictionary, .tuple:
            return .model(ReflectedModel(subject: subject))
        default:
            return .text(String(describing: subject))
        }
    }
}
