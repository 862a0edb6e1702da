import Foundation
import OpenAPIRuntime

/// An answer of the service that is not a success: its HTTP status and, when it sent one, its RFC 9457 problem
/// document (`type`, `title`, `detail`, and `pointer` or `parameter` naming the offending field).
public struct LayoutProblem: Error, Sendable, CustomStringConvertible {
    public var status: Int
    public var problem: Components.Schemas.Problem?

    public init(status: Int, problem: Components.Schemas.Problem?) {
        self.status = status
        self.problem = problem
    }

    /// An answer the document does not describe (its body is not read).
    init(undocumented status: Int) { self.init(status: status, problem: nil) }

    public var description: String {
        guard let problem else { return "HTTP \(status)" }
        return "HTTP \(status) \(problem._type): \(problem.detail)"
    }
}

/// What the generated response types of a problem share.
protocol ProblemCarrying {
    var problem: Components.Schemas.Problem? { get }
}

extension Components.Responses.MalformedJSON: ProblemCarrying {
    var problem: Components.Schemas.Problem? { try? body.applicationProblemJson }
}
extension Components.Responses.InvalidSpec: ProblemCarrying {
    var problem: Components.Schemas.Problem? { try? body.applicationProblemJson }
}
extension Components.Responses.TooLarge: ProblemCarrying {
    var problem: Components.Schemas.Problem? { try? body.applicationProblemJson }
}
extension Components.Responses.BadParameter: ProblemCarrying {
    var problem: Components.Schemas.Problem? { try? body.applicationProblemJson }
}
extension Components.Responses.NotFound: ProblemCarrying {
    var problem: Components.Schemas.Problem? { try? body.applicationProblemJson }
}
extension Components.Responses.Unavailable: ProblemCarrying {
    var problem: Components.Schemas.Problem? { try? body.applicationProblemJson }
}
extension Operations.ElementsInRect.Output.UnprocessableContent: ProblemCarrying {
    var problem: Components.Schemas.Problem? { try? body.applicationProblemJson }
}

extension LayoutProblem {
    init(_ status: Int, _ response: some ProblemCarrying) {
        self.init(status: status, problem: response.problem)
    }
}
