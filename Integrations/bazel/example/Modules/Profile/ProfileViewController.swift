import RIBs
import UIKit

final class ProfileViewController: UIViewController, ProfilePresentable, ProfileViewControllable {}
