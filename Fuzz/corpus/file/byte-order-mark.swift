import RIBs
final class ARouter: Router<AInteractable> { var child: ChildRouting? }
