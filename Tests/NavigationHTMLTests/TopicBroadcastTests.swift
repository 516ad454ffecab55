import Navigation
import NavigationHTML
import Testing

/// A subscriber slower than the writes holds one change, merged, whatever their number.
@Suite struct TopicBroadcastTests {
    @Test func aSubscriberThatDoesNotReadHoldsOneChangeWithEveryTopicAtItsNewestVersion() async {
        let broadcast = TopicBroadcast()
        var changes = broadcast.subscribe().makeAsyncIterator()
        for version in 1...10_000 {
            broadcast.publish(["orders": version, Topic("orders/ORD-\(version % 3)"): version])
        }
        let merged = await changes.next()
        #expect(merged == .published(["orders": 10_000, "orders/ORD-0": 9_999, "orders/ORD-1": 10_000, "orders/ORD-2": 9_998]))

        broadcast.publish(["orders": 10_001])
        broadcast.missed()
        broadcast.publish(["orders": 10_002])
        #expect(await changes.next() == .mayHaveMissed, "a missed change reads every topic again")

        broadcast.publish(["orders": 10_003])
        #expect(await changes.next() == .published(["orders": 10_003]), "nothing else was kept")
    }

    @Test func writersAnnouncingAtOnceLoseNoTopic() async {
        let broadcast = TopicBroadcast()
        var changes = broadcast.subscribe().makeAsyncIterator()
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for version in 1...2_000 { broadcast.publish([Topic("writer/\(writer)"): version]) }
                }
            }
        }
        // Everything was announced before the subscriber reads: one change holds it all.
        #expect(await changes.next() == .published(["writer/0": 2_000, "writer/1": 2_000, "writer/2": 2_000, "writer/3": 2_000]))
    }
}
