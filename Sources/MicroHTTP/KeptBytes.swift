/// A response body's bytes held where libmicrohttpd reads them while it sends the response.
///
/// The array is immutable and this object keeps its storage alive, so the address of its
/// elements stays valid and unchanged for the object's lifetime: a native array moves its
/// elements only when it is mutated or its storage is released, and neither can happen here.
/// (`withUnsafeBytes` promises the address for its closure only, hence it is taken once, here,
/// from the storage this object owns.)
final class KeptBytes: @unchecked Sendable {
    private let bytes: ContiguousArray<UInt8>
    /// Where the bytes start; nil when there are none.
    let start: UnsafeMutableRawPointer?
    let count: Int

    init(_ bytes: [UInt8]) {
        self.bytes = ContiguousArray(bytes)
        count = self.bytes.count
        start = self.bytes.withUnsafeBytes { UnsafeMutableRawPointer(mutating: $0.baseAddress) }
    }
}
