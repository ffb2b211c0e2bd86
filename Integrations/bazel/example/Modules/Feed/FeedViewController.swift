import RIBs
import UIKit

final class FeedViewController: UIViewController, FeedPresentable, FeedViewControllable {}
