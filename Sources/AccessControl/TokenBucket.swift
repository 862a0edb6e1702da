/// A token bucket holding up to a minute's allowance, refilled continuously at `perMinute` a minute.
struct TokenBucket: Sendable {
    let perMinute: Int
    private var tokens: Double
    private var updated: Int64  // nanoseconds, monotonic

    init(perMinute: Int, now: Int64) {
        self.perMinute = perMinute
        tokens = Double(perMinute)
        updated = now
    }

    /// Takes `amount` (at most a full bucket) and returns 0, or returns the whole seconds to wait until it could
    /// be taken (taking nothing).
    mutating func take(_ amount: Int, now: Int64) -> Int {
        let rate = Double(perMinute) / 60e9  // tokens a nanosecond
        tokens = min(Double(perMinute), tokens + Double(max(0, now - updated)) * rate)
        updated = now
        let need = Double(min(amount, perMinute))
        if tokens >= need {
            tokens -= need
            return 0
        }
        return max(1, Int(((need - tokens) / rate / 1e9).rounded(.up)))
    }

    /// Whether the bucket is full at `now` (a full bucket can be forgotten: a new one starts full).
    func isFull(now: Int64) -> Bool {
        tokens + Double(max(0, now - updated)) * Double(perMinute) / 60e9 >= Double(perMinute)
    }
}

/// A caller's two buckets (either may be absent: no quota).
struct QuotaBuckets: Sendable {
    var requests: TokenBucket?
    var postBytes: TokenBucket?

    init(requestsPerMinute: Int, postBytesPerMinute: Int, now: Int64) {
        requests = requestsPerMinute > 0 ? TokenBucket(perMinute: requestsPerMinute, now: now) : nil
        postBytes = postBytesPerMinute > 0 ? TokenBucket(perMinute: postBytesPerMinute, now: now) : nil
    }

    enum Verdict: Equatable {
        case allowed
        case requests(retryAfter: Int)
        case postBytes(retryAfter: Int)
    }

    /// Takes one request (and, for a POST, its body's bytes), or says which quota refuses and for how long.
    mutating func take(postBytes bytes: Int?, now: Int64) -> Verdict {
        if let bytes, var bucket = postBytes {
            // Checked first, so that a POST refused for its bytes does not also spend a request.
            let wait = bucket.take(bytes, now: now)
            postBytes = bucket
            if wait > 0 { return .postBytes(retryAfter: wait) }
        }
        if var bucket = requests {
            let wait = bucket.take(1, now: now)
            requests = bucket
            if wait > 0 { return .requests(retryAfter: wait) }
        }
        return .allowed
    }

    func isFull(now: Int64) -> Bool {
        (requests?.isFull(now: now) ?? true) && (postBytes?.isFull(now: now) ?? true)
    }
}
