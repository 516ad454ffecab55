import Foundation
import GRDB

extension DemoStore {
    /// The connection of the `reading(_:)` call in progress on this thread, so that the store's
    /// reads inside it join its transaction.
    struct CurrentReading: Sendable {
        /// The task-local value: nil outside `reading(_:)`.
        @TaskLocal static var value: CurrentReading?

        /// Whose reading it is: a store's reads join only their own store's reading.
        let readers: Readers
        let connection: Reader
        /// A task created inside the reading inherits the value, but may run on another thread
        /// after the reading ended: it must take a connection of its own.
        let thread: pthread_t

        /// The connection of `readers`' reading on this thread, or nil when there is none.
        static func connection(of readers: Readers) -> Reader? {
            guard let current = value, current.readers === readers,
                  pthread_equal(current.thread, pthread_self()) != 0
            else { return nil }
            return current.connection
        }
    }
}
