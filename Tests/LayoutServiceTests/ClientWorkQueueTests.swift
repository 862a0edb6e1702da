import Dispatch
import HTTPCore
@testable import LayoutService
import Testing

/// The queue of work whose cost the client chooses: its threads run jobs first in first out; a job that waits past
/// its wait, one past the queue's length, and those waiting when the service drains are refused. (No timing is
/// asserted: the tests wait for the jobs' own signals.)
@Suite struct ClientWorkQueueTests {
    /// A job that records whether it was admitted and, when admitted, holds its thread until `release`.
    final class Job: @unchecked Sendable {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        var admitted: Bool?

        func give(to queue: ClientWorkQueue) {
            queue.enqueue { admitted in
                self.admitted = admitted
                self.started.signal()
                if admitted { self.release.wait() }
                self.done.signal()
            }
        }
    }

    @Test func jobsRunOnItsThreadsFirstInFirstOut() {
        let queue = ClientWorkQueue(threads: 2, maxWaiting: 8, maxWaitSeconds: 600)
        let jobs = (0..<3).map { _ in Job() }
        for job in jobs { job.give(to: queue) }
        jobs[0].started.wait()
        jobs[1].started.wait()
        #expect(queue.state == (running: 2, waiting: 1))  // two threads: the third waits
        jobs[0].release.signal()
        jobs[2].started.wait()
        jobs[1].release.signal()
        jobs[2].release.signal()
        for job in jobs { job.done.wait() }
        #expect(jobs.allSatisfy { $0.admitted == true })
    }

    @Test func aJobIsRefusedWhenItsWaitIsUpWhileTheThreadsAreBusy() {
        let queue = ClientWorkQueue(threads: 1, maxWaiting: 8, maxWaitSeconds: 0.05)
        let running = Job(), waiting = Job()
        running.give(to: queue)
        running.started.wait()
        waiting.give(to: queue)
        waiting.done.wait()  // refused while `running` still holds the only thread
        #expect(waiting.admitted == false)
        #expect(queue.state == (running: 1, waiting: 0))
        running.release.signal()
        running.done.wait()
        #expect(running.admitted == true)
    }

    @Test func aJobPastTheQueuesLengthIsRefusedAtOnce() {
        let queue = ClientWorkQueue(threads: 1, maxWaiting: 1, maxWaitSeconds: 600)
        let running = Job(), waiting = Job(), extra = Job()
        running.give(to: queue)
        running.started.wait()
        waiting.give(to: queue)
        extra.give(to: queue)
        #expect(extra.admitted == false)  // refused on the caller's thread, before `enqueue` returned
        queue.stopQueueing()  // draining: the waiting job is refused, the running one finishes
        waiting.done.wait()
        #expect(waiting.admitted == false)
        running.release.signal()
        running.done.wait()
        #expect(running.admitted == true)
        let late = Job()
        late.give(to: queue)
        #expect(late.admitted == false)
    }

    /// Without a server (a test, `--offload-body-bytes 0`) the work runs where the answer is asked for; the queue's
    /// refusal is a 503 `busy` with `Retry-After` naming the flag.
    @Test func aRefusedProgramRunIsABusyProblem() throws {
        var limits = ServiceLimits()
        limits.postQueueSeconds = 0
        let c = Client(limits: limits)
        var request = HTTPRequest(method: "POST", path: "/v1/measure", body: Array("{}".utf8))
        let deferred = c.service.handle(request)
        #expect(deferred.deferredQueue != nil)
        request.admitted = false
        let refused = deferred.answered(to: request)
        #expect(refused.status == 503 && refused.header("Retry-After") == "1")
        let detail = c.json(refused)["detail"]?.string ?? ""
        #expect(detail.contains("--client-work-threads") && detail.contains("--post-queue-seconds"), "\(detail)")
        #expect(refused.route != nil)
    }
}
