#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import MicroHTTPServer
import Testing

/// The guard's decisions at given instants (no clock, no sleeping): each connection is one end of a socket pair,
/// whose other end shows what the guard did to it (a 408 and end of stream, or nothing).
@Suite struct SlowClientGuardTests {
    static let second: Int64 = 1_000_000_000

    final class Pair {
        let watched: WatchedConnection
        let peer: Int32
        init() {
            var fds: [Int32] = [0, 0]
            socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
            watched = WatchedConnection(fd: fds[0])
            peer = fds[1]
        }
        deinit {
            close(watched.fd)
            close(peer)
        }

        /// What the guard sent, and whether it shut the socket down (end of stream after it).
        func received() -> (text: String, closed: Bool) {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { recv(peer, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if n > 0 { bytes += chunk[..<n]; continue }
                return (String(decoding: bytes, as: UTF8.self), n == 0)
            }
        }
    }

    /// A guard asking 1000 bytes a second over every 8 s (slots of 1 s), and `count` connections whose heads came
    /// in at 0.
    func bodies(_ count: Int, maxConnections: Int = 100, bodyTimeout: Double = 0) -> (SlowClientGuard, [Pair]) {
        let slowGuard = SlowClientGuard(headSeconds: 10, minBodyBytesPerSecond: 1000, bodyRateWindowSeconds: 8,
                                        bodyTimeoutSeconds: bodyTimeout, maxConnections: maxConnections)
        let pairs = (0..<count).map { _ in Pair() }
        for p in pairs {
            slowGuard.opened(p.watched)
            slowGuard.headReceived(p.watched, now: 0)
        }
        return (slowGuard, pairs)
    }

    func phase(_ p: Pair) -> WatchedConnection.Phase { WatchedConnection.decode(p.watched.state.load(ordering: .relaxed)).0 }

    @Test func aLateHeadGetsA408AndIsShutDown() {
        let slowGuard = SlowClientGuard(headSeconds: 10, minBodyBytesPerSecond: 0, maxConnections: 100)
        let late = Pair(), early = Pair()
        slowGuard.opened(late.watched)
        slowGuard.opened(early.watched)
        late.watched.set(.head, deadline: 10 * Self.second)  // as if opened at 0 and 2 s
        early.watched.set(.head, deadline: 12 * Self.second)
        slowGuard.check(now: 10 * Self.second + 1)
        let (text, closed) = late.received()
        #expect(text.hasPrefix("HTTP/1.1 408 Request Timeout\r\n") && text.contains("--head-timeout") && closed)
        #expect(early.received() == ("", false))
        #expect(slowGuard.closedHeads.load(ordering: .relaxed) == 1 && phase(late) == .none)
        slowGuard.check(now: 12 * Self.second + 1)
        #expect(early.received().closed && slowGuard.closedHeads.load(ordering: .relaxed) == 2)
    }

    @Test func aSlowBodyIsCutAndASteadyOneIsNot() {
        let (slowGuard, pairs) = bodies(2)
        let slow = pairs[0], steady = pairs[1]
        slowGuard.bodyReceived(slow.watched, bytes: 500, now: Self.second / 2)  // too little for a window: 8.5 s
        for t in 1...20 { slowGuard.bodyReceived(steady.watched, bytes: 1100, now: Int64(t) * Self.second) }
        slowGuard.check(now: 8 * Self.second)
        #expect(!slow.received().closed)
        slowGuard.check(now: 8 * Self.second + Self.second / 2)
        let (text, closed) = slow.received()
        #expect(text.hasPrefix("HTTP/1.1 408") && text.contains("--min-body-bytes-per-second") && closed)
        #expect(!steady.received().closed && slowGuard.closedBodies.load(ordering: .relaxed) == 1)
        slowGuard.requestReceived(steady.watched)  // whole: no deadline while the service works
        slowGuard.check(now: 100 * Self.second)
        #expect(!steady.received().closed && phase(steady) == .none)
    }

    @Test func anEarlyBurstBuysOneWindowNotMinutes() {
        // 100 KB at once, then a byte every 10 s: averaged since the start, that was 100 s of credit.
        let (slowGuard, pairs) = bodies(1)
        slowGuard.bodyReceived(pairs[0].watched, bytes: 100_000, now: Self.second / 2)
        slowGuard.bodyReceived(pairs[0].watched, bytes: 1, now: 8 * Self.second)
        slowGuard.check(now: 8 * Self.second + Self.second / 2 - 1)
        #expect(!pairs[0].received().closed)
        slowGuard.check(now: 8 * Self.second + Self.second / 2)
        #expect(pairs[0].received().closed && slowGuard.closedBodies.load(ordering: .relaxed) == 1)
    }

    @Test func aBodyMayTakeNoLongerThanTheBodyTimeout() {
        let (slowGuard, pairs) = bodies(1, bodyTimeout: 20)
        for t in 1...30 { slowGuard.bodyReceived(pairs[0].watched, bytes: 10_000, now: Int64(t) * Self.second) }
        slowGuard.check(now: 20 * Self.second - 1)
        #expect(!pairs[0].received().closed)
        slowGuard.check(now: 20 * Self.second)
        let (text, closed) = pairs[0].received()
        #expect(text.contains("--body-timeout") && closed)
    }

    @Test func underPressureTheSlowestBodiesAreCut() {
        let (slowGuard, pairs) = bodies(9, maxConnections: 10)  // 9 of 10: pressure
        let stalled = pairs[0], steady = pairs[1]
        slowGuard.bodyReceived(stalled.watched, bytes: 40_000, now: Self.second / 2)  // then nothing
        for t in 1...3 { slowGuard.bodyReceived(steady.watched, bytes: 1100, now: Int64(t) * Self.second) }
        for p in pairs[2...] { slowGuard.bodyReceived(p.watched, bytes: 1100, now: 3 * Self.second) }
        // Kept the rate over the last second: until 1.5 s; the others until 4 s.
        slowGuard.check(now: 3 * Self.second)
        #expect(stalled.received().closed && slowGuard.closedBodies.load(ordering: .relaxed) == 1)
        #expect(pairs[1...].allSatisfy { !$0.received().closed })
        slowGuard.check(now: 4 * Self.second)
        #expect(pairs[1...].allSatisfy { $0.received().closed })
    }

    @Test func withoutPressureAStalledBodyHasItsWindow() {
        let (slowGuard, pairs) = bodies(1)
        slowGuard.bodyReceived(pairs[0].watched, bytes: 40_000, now: Self.second / 2)
        slowGuard.check(now: 8 * Self.second)
        #expect(!pairs[0].received().closed)
        slowGuard.check(now: 8 * Self.second + Self.second / 2)
        #expect(pairs[0].received().closed)
    }

    @Test func aQuietKeepAliveConnectionIsNotCutWithoutPressure() {
        let slowGuard = SlowClientGuard(headSeconds: 2, minBodyBytesPerSecond: 0, maxConnections: 100)
        let idle = Pair()
        slowGuard.opened(idle.watched)
        idle.watched.set(.idle, deadline: 2 * Self.second)  // answered at 0
        // A socket pair has no TCP_INFO: the guard takes it for quiet, and looks again a second later.
        slowGuard.check(now: 2 * Self.second + 1)
        #expect(!idle.received().closed && phase(idle) == .idleRecheck)
        slowGuard.check(now: 10 * Self.second)
        #expect(!idle.received().closed && phase(idle) == .idleRecheck)
    }

    @Test func underPressureHeadsAndIdleConnectionsGetOneSecond() {
        let slowGuard = SlowClientGuard(headSeconds: 10, minBodyBytesPerSecond: 0, maxConnections: 10)
        let pairs = (0..<9).map { _ in Pair() }  // 9 of 10: pressure
        for p in pairs { slowGuard.opened(p.watched) }
        pairs[0].watched.set(.head, deadline: 10 * Self.second)  // head begun at 0
        pairs[1].watched.set(.head, deadline: 10 * Self.second + Self.second / 2)  // begun at 0.5 s
        pairs[2].watched.set(.idle, deadline: 10 * Self.second)  // answered at 0
        pairs[3].watched.set(.none, deadline: 0)  // being handled
        for p in pairs[4...] { p.watched.set(.head, deadline: 20 * Self.second) }  // begun at 10 s
        slowGuard.check(now: Self.second + Self.second / 4)  // 1.25 s
        #expect(pairs[0].received().closed && pairs[2].received().closed)
        #expect(pairs[1...].allSatisfy { $0 === pairs[2] || !$0.received().closed })
        #expect(slowGuard.closedHeads.load(ordering: .relaxed) == 2)
        // Without pressure (one connection gone), the same head keeps its own deadline.
        slowGuard.closed(pairs[8].watched)
        slowGuard.check(now: 2 * Self.second)
        #expect(!pairs[1].received().closed)
    }
}
