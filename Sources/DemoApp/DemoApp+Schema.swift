// The schema is a module of its own (values only, see Package.swift); the app's users see it
// as part of the app, as before.
@_exported import DemoSchema
