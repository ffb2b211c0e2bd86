import Feed
import Profile
import RIBs

public protocol LoggedInDependency: Dependency {}

final class LoggedInComponent: Component<LoggedInDependency>, FeedDependency, ProfileDependency {}

public protocol LoggedInBuildable: Buildable {
    func build(withListener listener: LoggedInListener) -> LoggedInRouting
}

public final class LoggedInBuilder: Builder<LoggedInDependency>, LoggedInBuildable {
    public func build(withListener listener: LoggedInListener) -> LoggedInRouting {
        let component = LoggedInComponent(dependency: dependency)
        let interactor = LoggedInInteractor()
        interactor.listener = listener
        return LoggedInRouter(
            interactor: interactor,
            feedBuilder: FeedBuilder(dependency: component),
            profileBuilder: ProfileBuilder(dependency: component))
    }
}
