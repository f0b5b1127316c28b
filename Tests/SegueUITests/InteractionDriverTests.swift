import Testing
@testable import SegueAnimation
@testable import SegueUI

/// The one gesture-to-transition driver (``InteractionDriver``): its release rules, and that a gesture the
/// container did not take drives nothing. The containers' gestures through it are pinned by the navigation,
/// tab, sheet and interaction-controller tests.
@MainActor
@Suite struct InteractionDriverTests {
    let settings = TransitionSettings()

    @Test func thePopsRuleFinishesAtTheCommitFractionAndTheTabSwipesOnlyPastIt() {
        let pop = InteractionDriver.ReleaseRule(settings: settings)
        let tab = InteractionDriver.ReleaseRule(settings: settings, strictlyPastCommitFraction: true)
        let commit = settings.commitFraction
        #expect(pop.shouldFinish(progress: commit, velocity: 0))
        #expect(!tab.shouldFinish(progress: commit, velocity: 0))
        #expect(tab.shouldFinish(progress: commit + 0.01, velocity: 0))
        #expect(!pop.shouldFinish(progress: commit - 0.01, velocity: 0) && !tab.shouldFinish(progress: commit - 0.01, velocity: 0))
    }

    @Test func aFlickDecidesByItsSignUnderEitherRule() {
        for strict in [false, true] {
            let rule = InteractionDriver.ReleaseRule(settings: settings, strictlyPastCommitFraction: strict)
            #expect(rule.shouldFinish(progress: 0.05, velocity: settings.flickVelocity))
            #expect(!rule.shouldFinish(progress: 0.95, velocity: -settings.flickVelocity))
            #expect(rule.shouldFinish(progress: 0.95, velocity: settings.flickVelocity * 0.99))
        }
    }

    @Test func aGestureTheContainerDidNotTakeDrivesNothing() {
        let driver = InteractionDriver()
        let interaction = PercentDrivenInteractiveTransition()
        var started = 0
        var heldWhileAsked = false
        var taken = true
        driver.drive(.began, progress: 0, velocity: 0) {
            taken = driver.begin(interaction) {
                started += 1
                // Held while the container is asked (a delegate asked inside sees the gesture driving).
                heldWhileAsked = driver.isHolding
                return nil
            }
        }
        #expect(started == 1 && heldWhileAsked && !taken && !driver.isHolding)
        driver.drive(.changed, progress: 0.5, velocity: 0) { Issue.record("began again") }
        driver.drive(.ended, progress: 0.5, velocity: 0) { Issue.record("began again") }
        #expect(interaction.percentComplete == 0 && interaction.transition == nil)
    }
}
