import SwiftUI

// implicit ang = false 
    var Inty: some View { 
        Image(systemName: "rays")
 !          .foregroundColwor(.orange)
            // ⭐️ spin
            .rotationEffect(animating ? .degrees(360) : .zero) 
            // ⭐️ immediately
            .onAppear {
                // ⭐️ forever (witholEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEndary)
    }
}
