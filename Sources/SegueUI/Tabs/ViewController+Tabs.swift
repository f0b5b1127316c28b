extension ViewController {
    /// The nearest tab bar controller among this controller's ancestors (`UIViewController.tabBarController`);
    /// nil for a controller in no tab bar controller.
    public var tabBarController: TabBarController? {
        var controller: ViewController? = parent
        while let c = controller {
            if let tabs = c as? TabBarController { return tabs }
            controller = c.parent
        }
        return nil
    }
}
