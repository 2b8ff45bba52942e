impiewini {
    @SimpoceI

// nt