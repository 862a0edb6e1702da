import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPCore
@testable import LayoutService
import Testing

/// POSTs are admitted by the bytes of their bodies in flight: a POST that does not fit waits in a bounded queue
/// for room, then is refused with a 503 and `Retry-After`. (No timing is asserted: the tests wait for states.)
@Suite struct PostQueueTests {
    /// Runs a POST of `size` bytes on another thread that holds its admission until `release` is signalled.
    final class Held: @unchecked Sendable {
        let admitted = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        var ran = false

        init(_ admission: PostAdmission, size: Int) {
            DispatchQueue.global().async {
                let result = try? admission.run(size: size) { () throws(Problem) -> Bool in
                    self.admitted.signal()
                    self.release.wait()
                    return true
                }
                self.ran = result == true
                if !self.ran { self.admitted.signal() }
                self.done.signal()
            }
        }
    }

    /// Waits (boundedly) until the admission's state satisfies `condition`.
    func until(_ admission: PostAdmission, _ condition: ((running: Int, waiting: Int, bytes: Int)) -> Bool) -> Bool {
        for _ in 0..<20_000 {
            if condition(admission.state) { return true }
            usleep(500)
        }
        return false
    }

    /// A budget of 10 bytes taken whole by one running POST, with one POST of 5 bytes waiting behind it (up to
    /// 600 s, in a queue of `maxWaiting`).
    func fullWithOneWaiting(maxWaiting: Int) -> (admission: PostAdmission, running: Held, queued: Held) {
        let admission = PostAdmission(budgetBytes: 10, maxConcurrent: .max, maxWaiting: maxWaiting,
                                      maxWaitSeconds: 600)
        let running = Held(admission, size: 10)
        running.admitted.wait()
        let queued = Held(admission, size: 5)
        #expect(until(admission) { $0.waiting == 1 })
        return (admission, running, queued)
    }

    @Test func postsWithinTheBudgetRunTogetherAndOthersWaitForRoom() throws {
        let admission = PostAdmission(budgetBytes: 100, maxConcurrent: .max, maxWaiting: 8, maxWaitSeconds: 600)
        let a = Held(admission, size: 60)
        a.admitted.wait()
        let b = Held(admission, size: 40)  // fits beside a: runs at once
        b.admitted.wait()
        #expect(admission.state == (2, 0, 100))
        let c = Held(admission, size: 30)  // does not fit: waits
        #expect(until(admission) { $0.waiting == 1 })
        #expect(admission.state.running == 2)
        a.release.signal()  // 60 bytes freed: c fits
        c.admitted.wait()
        #expect(admission.state == (2, 0, 70))
        b.release.signal()
        c.release.signal()
        for h in [a, b, c] { h.done.wait() }
        #expect(a.ran && b.ran && c.ran && admission.state == (0, 0, 0))
    }

    @Test func anyOnePostRunsAloneWhateverItsSize() throws {
        let admission = PostAdmission(budgetBytes: 10, maxConcurrent: .max, maxWaiting: 8, maxWaitSeconds: 0)
        let big = Held(admission, size: 1_000_000)
        big.admitted.wait()
        #expect(admission.state == (1, 0, 1_000_000))
        let small = Held(admission, size: 1)  // no room, no wait: refused
        small.done.wait()
        #expect(!small.ran)
        big.release.signal()
        big.done.wait()
        #expect(big.ran)
    }

    @Test func theQueueIsBoundedAndAFullQueueRefusesAtOnce() throws {
        let (admission, running, queued) = fullWithOneWaiting(maxWaiting: 1)
        let refused = Held(admission, size: 5)  // the queue is full
        refused.done.wait()
        #expect(!refused.ran)
        running.release.signal()
        queued.admitted.wait()
        queued.release.signal()
        for h in [running, queued] { h.done.wait() }
        #expect(running.ran && queued.ran)
    }

    @Test func drainingRefusesThePostsWaitingAndQueuesNoMore() throws {
        let (admission, running, queued) = fullWithOneWaiting(maxWaiting: 8)
        admission.stopQueueing()
        queued.done.wait()  // refused well before its 600 s
        #expect(!queued.ran && admission.state == (1, 0, 10))
        let later = Held(admission, size: 5)  // does not fit: refused, not queued
        later.done.wait()
        #expect(!later.ran)
        running.release.signal()
        running.done.wait()
        let alone = Held(admission, size: 5)  // fits: runs
        alone.admitted.wait()
        alone.release.signal()
        alone.done.wait()
        #expect(running.ran && alone.ran && admission.state == (0, 0, 0))
    }

    @Test func aPostThatWaitedInVainIsA503WithRetryAfter() throws {
        var limits = ServiceLimits()
        limits.maxPostBytesInFlight = 10
        limits.postQueueSeconds = 0.05
        let c = Client(limits: limits)
        let held = Held(c.service.posts, size: 10)
        held.admitted.wait()
        let refused = c.send("POST", "/v1/layouts", CachingServiceTests.spec)
        #expect(refused.status == 503 && refused.header("Retry-After") == "1")
        #expect(c.json(refused)["type"]?.string == "urn:layout-service:problem:busy")
        #expect(c.json(refused)["detail"]?.string?.contains("--max-post-bytes-in-flight") == true)
        held.release.signal()
        held.done.wait()
        #expect(c.send("POST", "/v1/layouts", CachingServiceTests.spec).status == 201)
    }
}
