/// Namespace of the demo's content as the app sees it: plain values returned by ``DemoStore``.
///
/// They are separate from the GRDB records (`UserRecord`, `OrderRecord`, …) on purpose: the app
/// never sees storage details such as list positions or GRDB conformances, so the schema can
/// change without touching screens.
public enum Demo {}
