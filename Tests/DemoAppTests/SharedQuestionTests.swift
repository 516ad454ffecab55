@testable import DemoApp
import Foundation
import Synchronization
import Testing

/// Callers that ask at once share a question, and each takes only the answer to one put after it
/// asked: never an answer older than its own start.
@Suite struct SharedQuestionTests {
    /// Questions numbered as they are put; each answer is its question's number.
    private final class Questions: Sendable {
        let put = Atomic(0)
        let fails: Set<Int>

        init(failing fails: Set<Int> = []) { self.fails = fails }

        func ask() async throws -> Int {
            let number = put.add(1, ordering: .sequentiallyConsistent).newValue
            try await Task.sleep(for: .milliseconds(20))
            if fails.contains(number) { throw CancellationError() }
            return number
        }
    }

    @Test func aCallerAloneAsksAtOnceEveryTime() async throws {
        let shared = SharedQuestion<Int>()
        let questions = Questions()
        for expected in 1...5 {
            #expect(try await shared.answer { try await questions.ask() } == expected)
        }
    }

    /// 64 callers at once: a few questions answer them all, and every caller's answer is to a
    /// question put after it asked. Joining the question already on its way fails the second.
    @Test func callersAtOnceShareQuestionsPutAfterTheyAsked() async throws {
        let shared = SharedQuestion<Int>()
        let questions = Questions()
        let answers = try await withThrowingTaskGroup(of: (putBefore: Int, answer: Int).self) { group in
            for _ in 0..<64 {
                group.addTask {
                    let putBefore = questions.put.load(ordering: .sequentiallyConsistent)
                    return (putBefore, try await shared.answer { try await questions.ask() })
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 64)
        #expect(answers.allSatisfy { $0.answer > $0.putBefore }, "\(answers.filter { $0.answer <= $0.putBefore })")
        #expect(questions.put.load(ordering: .sequentiallyConsistent) < 16)
    }

    /// The question that fails is its asker's failure; those who waited for it ask for
    /// themselves, and still only after they asked.
    @Test func aFailedQuestionLeavesItsFollowersToAskAlone() async throws {
        let shared = SharedQuestion<Int>()
        let questions = Questions(failing: [2])
        let first = Task { try await shared.answer { try await questions.ask() } }
        while questions.put.load(ordering: .sequentiallyConsistent) == 0 { await Task.yield() }
        // These come while question 1 is on its way: question 2 is theirs, and it fails.
        let results = await withTaskGroup(of: Result<Int, any Error>.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    do {
                        return .success(try await shared.answer { try await questions.ask() })
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(try await first.value == 1)
        let failed = results.filter { if case .failure = $0 { true } else { false } }
        let answered = results.compactMap { try? $0.get() }
        #expect(failed.count == 1)
        #expect(answered.count == 7 && answered.allSatisfy { $0 > 2 })
        // Alone again afterwards.
        let next = questions.put.load(ordering: .sequentiallyConsistent) + 1
        #expect(try await shared.answer { try await questions.ask() } == next)
    }
}
