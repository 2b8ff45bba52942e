import Glibc
import Testing
import Workers
@testable import SpinRender

/// The hand-over of drawn frames between workers: every frame reaches the consumer once, in
/// order, whoever draws it and however long each drawing takes.
@Suite struct FrameHandOverTests {
    /// Frames drawn by `workers` workers, each drawing taking `microseconds(index)`, as the
    /// consumer received them, with the worker that drew each.
    func handOver(frames: Int, workers: Int, microseconds: @escaping @Sendable (Int) -> UInt32) -> [(index: Int, drawnBy: Int)] {
        let handOver = FrameHandOver<(index: Int, drawnBy: Int)>(slots: 2 * workers, first: 1)
        var received: [(index: Int, drawnBy: Int)] = []
        Workers.run(workers) { worker in
            let draw = { (index: Int) -> (index: Int, drawnBy: Int) in
                usleep(microseconds(index))
                return (index, worker)
            }
            if worker == 0 {
                handOver.consumeFrames(below: frames, drawing: draw, consuming: { index, frame in
                    #expect(frame.index == index)
                    received.append(frame)
                })
            } else {
                handOver.drawFrames(below: frames, draw)
            }
        }
        return received
    }

    @Test(arguments: [2, 3, 4])
    func everyFrameOnceInOrder(workers: Int) {
        // Uneven drawing times: some frames take ten times as long as others.
        let received = handOver(frames: 200, workers: workers) { index in index % 7 == 0 ? 500 : 50 }
        #expect(received.map(\.index) == Array(1..<200))
    }

    @Test func theConsumerDrawsWhatOthersHaveNotTaken() {
        // The consumer's own work is nothing here, so it draws frames too, whenever the other
        // worker has not taken the next one (how many depends on the threads' timing).
        let received = handOver(frames: 120, workers: 2) { _ in 200 }
        #expect(received.map(\.index) == Array(1..<120))
        let drawnByConsumer = received.filter { $0.drawnBy == 0 }.count
        #expect(drawnByConsumer > 0, "consumer drew \(drawnByConsumer) of 119")
    }

    @Test func theConsumerAloneDrawsEveryFrame() {
        // A worker whose thread never started: the consumer finds every frame untaken.
        let handOver = FrameHandOver<Int>(slots: 4, first: 1)
        var received: [Int] = []
        handOver.consumeFrames(below: 50, drawing: { $0 * 10 }, consuming: { index, frame in
            #expect(frame == index * 10)
            received.append(index)
        })
        #expect(received == Array(1..<50))
        // A worker starting late finds nothing left to draw.
        handOver.drawFrames(below: 50) { _ in
            Issue.record("a late worker drew a frame")
            return 0
        }
    }
}
