import SpinRender

/// `spinrender source`: print the built-in documentation example as SwiftUI source.
enum SourceCommand: Command {
    static let name = "source"
    static let abstract = "Print the SwiftUI source the built-in --mode views are rendered from."
    static let discussion: String? = """
      Prints the documentation's code: the implicit Spinner, the explicit Spinner2 and the preview
      ContentView, verbatim, with the shaping options (--animation, --effect, --point-size, --weight,
      --symbol-scale, --color) written as the modifiers they stand for. With --mode implicit or
      explicit a '#Preview' of that spinner follows, so that the printed file renders as that mode
      does: 'spinrender source --mode implicit > Spinner.swift; spinrender Spinner.swift -o a.gif'
      gives the pixels of 'spinrender --mode implicit -o a.gif'.
    """
    static let usage = "spinrender source [--mode <mode>] [<shaping options>]"
    static var options: [OptionDeclaration] {
        RenderOptions.specs.filter { RenderSettings.builtInShapingOptions.contains($0.name) }.map { spec in
            // Without --mode the page is printed as it is, so it renders its ContentView.
            guard spec.name == "mode" else { return spec }
            var mode = spec
            mode.help = "Add a #Preview of this view, so the file renders as that mode does."
            mode.defaultText = "none: the page as it is, which renders ContentView"
            return mode
        } + Console.specs
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let request = try RenderOptions.request(from: arguments, storage: .noPixels)
        let example = request.example
        var text = DocumentationSource.text(shapedBy: SourceShaping(example))
        if arguments.has("mode"), example.mode != .preview {
            text += "\n\n#Preview {\n    \(DocumentationSource.viewName(for: example.mode))()\n}"
        }
        try StandardOutput.write(text + "\n")
        return 0
    }
}
