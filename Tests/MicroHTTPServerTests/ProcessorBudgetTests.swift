@testable import MicroHTTPServer
import Testing

/// The default number of event loops: the processors the service has to itself.
@Suite struct ProcessorBudgetTests {
    @Test func theSmallestKnownCountWins() {
        #expect(ProcessorBudget.cores(online: 8, allowed: 8, quota: nil) == 8)
        #expect(ProcessorBudget.cores(online: 8, allowed: 2, quota: nil) == 2)  // taskset -c 0,1
        #expect(ProcessorBudget.cores(online: 8, allowed: 8, quota: 3) == 3)  // --cpus 2.5
        #expect(ProcessorBudget.cores(online: 8, allowed: 4, quota: 6) == 4)
        #expect(ProcessorBudget.cores(online: -1, allowed: 0, quota: nil) == 1)  // nothing known
        #expect(ProcessorBudget.cores(online: 2, allowed: 0, quota: 0) == 2)
    }

    @Test func cgroupQuotasAreWholeProcessorsRoundedUp() {
        #expect(ProcessorBudget.quotaCores(cgroup2: "max 100000\n", cgroup1Quota: nil, cgroup1Period: nil) == nil)
        #expect(ProcessorBudget.quotaCores(cgroup2: "150000 100000\n", cgroup1Quota: nil, cgroup1Period: nil) == 2)
        #expect(ProcessorBudget.quotaCores(cgroup2: "200000 100000", cgroup1Quota: nil, cgroup1Period: nil) == 2)
        #expect(ProcessorBudget.quotaCores(cgroup2: "50000 100000\n", cgroup1Quota: nil, cgroup1Period: nil) == 1)
        #expect(ProcessorBudget.quotaCores(cgroup2: "garbage", cgroup1Quota: nil, cgroup1Period: nil) == nil)
        // cgroup v1: quota and period in files of their own; -1 is no quota.
        #expect(ProcessorBudget.quotaCores(cgroup2: nil, cgroup1Quota: "-1\n", cgroup1Period: "100000\n") == nil)
        #expect(ProcessorBudget.quotaCores(cgroup2: nil, cgroup1Quota: "300000\n", cgroup1Period: "100000\n") == 3)
        #expect(ProcessorBudget.quotaCores(cgroup2: nil, cgroup1Quota: nil, cgroup1Period: nil) == nil)
    }

    @Test func thisProcessHasAtLeastOne() {
        #expect(ProcessorBudget.cores() >= 1)
    }
}
