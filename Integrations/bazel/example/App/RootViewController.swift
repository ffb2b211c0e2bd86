import RIBs
import UIKit

final class RootViewController: UIViewController, RootPresentable, RootViewControllable {}
