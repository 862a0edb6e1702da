import HTTPCore
import Synchronization
import Testing
@testable import MicroHTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// The offload pools: jobs run, and `stop` ends the threads once the jobs given are done (a server's shutdown stops
/// its pools: test suites make many servers).
@Suite struct WorkerPoolTests {
    func waitUntil(_ condition: () -> Bool) -> Bool {
        for _ in 0..<400 where !condition() { usleep(5_000) }
        return condition()
    }

    @Test func stopEndsTheThreadsAfterTheJobsGiven() {
        let pool = WorkerPool(threads: 3)
        #expect(pool.threadsRunning.load(ordering: .acquiring) == 3)
        let done = Atomic<Int>(0)
        for _ in 0..<20 {
            pool.run {
                usleep(2_000)
                done.add(1, ordering: .relaxed)
            }
        }
        pool.stop()
        #expect(waitUntil { pool.threadsRunning.load(ordering: .acquiring) == 0 })
        #expect(done.load(ordering: .acquiring) == 20)  // every job given before `stop` ran
    }

    @Test func shutdownStopsTheServersPools() throws {
        let configuration = ServerConfiguration.loopback(threads: 1)
        let server = try MicroHTTPServer(configuration: configuration, handler: WaitsOffTheLoop())
        #expect(server.context.deferredPool != nil)  // made now (on first use)
        let offload = try #require(server.context.offload)
        let deferred = try #require(server.context.deferredPool)
        #expect(offload.threadsRunning.load(ordering: .acquiring) == configuration.offloadThreads)
        #expect(deferred.threadsRunning.load(ordering: .acquiring) == configuration.deferredThreads)
        server.shutdown()
        #expect(waitUntil { offload.threadsRunning.load(ordering: .acquiring) == 0 })
        #expect(waitUntil { deferred.threadsRunning.load(ordering: .acquiring) == 0 })
    }
}
