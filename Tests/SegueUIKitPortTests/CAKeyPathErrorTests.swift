// A Core Animation key path or value Segue cannot animate stops the program with a message naming it:
// never a silent no-op.
import Testing
import SegueUIKit

@Suite struct CAKeyPathErrorTests {
    @Test func unknownKeyPathFailsNamingItAndListingTheAnimatableOnes() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = CABasicAnimation(keyPath: "foo.bar")
            }
        }
        let message = standardErrorText(result)
        #expect(message.contains("CABasicAnimation: Segue does not animate the key path \"foo.bar\"; animatable key paths: position, position.x"))
        #expect(message.contains("transform.scale.x"))
    }

    @Test func unknownKeyPathOfAKeyframeAnimationSetLaterFails() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let animation = CAKeyframeAnimation()
                animation.keyPath = "frame"
            }
        }
        #expect(standardErrorText(result).contains("CAKeyframeAnimation: Segue does not animate the key path \"frame\""))
    }

    @Test func valueOfTheWrongTypeFailsNamingTheKeyPathAndTheType() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let animation = CABasicAnimation(keyPath: "position.x")
                animation.toValue = CGPoint(x: 1, y: 2)
            }
        }
        #expect(standardErrorText(result).contains(
            "CABasicAnimation: the toValue of key path \"position.x\" is a CGPoint; \"position.x\" takes a number"))
    }

    @Test func keyframeValueOfTheWrongTypeFailsNamingItsIndex() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let animation = CAKeyframeAnimation(keyPath: "backgroundColor")
                animation.values = [UIColor.red, "blue"]
            }
        }
        #expect(standardErrorText(result).contains(
            "CAKeyframeAnimation: the values[1] of key path \"backgroundColor\" is a String; \"backgroundColor\" takes a CGColor"))
    }

    @Test func addingAnAnimationWithoutAKeyPathFails() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let animation = CABasicAnimation()
                animation.toValue = 1
                CALayer().add(animation, forKey: nil)
            }
        }
        #expect(standardErrorText(result).contains("CABasicAnimation was added to a layer with no keyPath"))
    }
}
