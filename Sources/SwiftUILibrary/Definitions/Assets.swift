import Motion
import Scene
import SwiftCode

// The app's asset catalogue as view code names it: `Color("Brand")`, `UIColor(named:)`,
// `Color(.brand)` / `UIColor(resource:)` (Xcode's generated `ColorResource` symbols),
// `Image("logo")`, `Image(.logo)`, `UIImage(named:)`, and `Image.renderingMode(_:)`. The
// catalogue itself is `--assets` (``SwiftUILibrary/assets``); an asset it lacks is drawn as a
// stand-in with a warning (docs/assets.md).

/// A `UIImage` from the asset catalogue.
struct UIImageBox: NativeValue, Equatable {
    var image: BitmapImage
    var nativeTypeName: String { "UIImage" }
}

/// What kind of asset a warning is about.
enum AssetKind: String, Equatable {
    case color = "colour", image
    /// An image set the catalogue has, with no file an iPhone draws.
    case emptyImageSet = "image set"
    /// A colour set the catalogue has, with no colour for an iPhone (every well empty).
    case emptyColorSet = "colour set"
    /// A colour read as `Color.name` or `.name` that the catalogue lacks: Xcode's generated
    /// symbol of a set, or the project's own `static let name` in another file.
    case colorMember = "colour member"

    /// Whether it is a colour the catalogue lacks.
    var isColor: Bool { self == .color || self == .colorMember }
}

extension SwiftUILibrary {
    /// What a colour asset the catalogue lacks is drawn as: iOS's `systemGray` (142, 142, 147 in
    /// both appearances), a neutral grey that shows where the colour goes without passing for
    /// a brand colour.
    public static let missingColorStandIn = ColorValue.system("systemGray")

    func defineAssets() {
        guard let color = native.types["Color"], let uiColor = native.types["UIColor"], let image = native.types["Image"] else { return }

        // `ColorResource` / `ImageResource`: Xcode 15's generated symbols (`.brand`), any name
        // standing for the asset it was generated from.
        let colorResource = NativeType("ColorResource", summary: "Xcode's generated symbol of a colour set: `Color(.brand)`, `UIColor(resource: .brand)`.")
        colorResource.fallbackStaticMember = { name in .native(Boxed(value: name, typeName: "ColorResource")) }
        colorResource.initializer([NativeParameter("name", .string), NativeParameter("bundle", .any, default: .nilValue)]) { call throws(Interrupt) in
            .native(Boxed(value: try call.string(0), typeName: "ColorResource"))
        }
        native.add(colorResource)
        let imageResource = NativeType("ImageResource", summary: "Xcode's generated symbol of an image set: `Image(.logo)`.")
        imageResource.fallbackStaticMember = { name in .native(Boxed(value: name, typeName: "ImageResource")) }
        imageResource.initializer([NativeParameter("name", .string), NativeParameter("bundle", .any, default: .nilValue)]) { call throws(Interrupt) in
            .native(Boxed(value: try call.string(0), typeName: "ImageResource"))
        }
        native.add(imageResource)

        // `Color.brand`, `.foregroundStyle(.brand)`: the static colours Xcode generates for the
        // colour sets (its "asset symbol extensions", on by default since Xcode 15). A name one
        // edit from one of SwiftUI's (`.orang`) stays a mistake with its "did you mean".
        let colourNames = Array(color.staticMembers.keys)
        let generatedColour: (String) -> Value? = { [unowned self] name in
            guard name.first?.isLowercase == true, !colourNames.contains(where: { Spelling.editDistance($0, name) <= 1 }) else { return nil }
            return .native(ColorBox(color: assetColor(symbol: name, asMember: true), generatedSymbol: name))
        }
        color.fallbackStaticMember = generatedColour
        native.protocols["ShapeStyle"]?.fallbackStaticMember = generatedColour

        // Colours. `Color(_:bundle:)` and `UIColor(named:)` take the set's name; the resource
        // forms take a generated symbol. The resource overloads come last: `Color(.systemGray)`
        // is UIKit's colour, and only a name UIKit lacks is a generated symbol.
        color.initializer([NativeParameter(nil, .string), NativeParameter("bundle", .any, default: .nilValue)]) { [unowned self] call throws(Interrupt) in
            .native(ColorBox(color: assetColor(named: try call.string(0))))
        }
        color.initializer([NativeParameter(nil, .named("ColorResource"))]) { [unowned self] call throws(Interrupt) in
            .native(ColorBox(color: assetColor(symbol: try boxed(call, 0, String.self, "a ColorResource"))))
        }
        uiColor.initializer([NativeParameter("named", .string), NativeParameter("in", .any, default: .nilValue),
                             NativeParameter("compatibleWith", .any, default: .nilValue)]) { [unowned self] call throws(Interrupt) in
            .native(UIColorBox(color: assetColor(named: try call.string(0))))
        }
        uiColor.initializer([NativeParameter("resource", .named("ColorResource"))]) { [unowned self] call throws(Interrupt) in
            .native(UIColorBox(color: assetColor(symbol: try boxed(call, 0, String.self, "a ColorResource"))))
        }

        // Images.
        image.initializer([NativeParameter(nil, .string), NativeParameter("bundle", .any, default: .nilValue)]) { [unowned self] call throws(Interrupt) in
            .native(ViewDescription.leaf(.bitmap(try assetImage(named: try call.string(0), call, argument: 0)), typeName: "Image"))
        }
        image.initializer([NativeParameter("decorative", .string), NativeParameter("bundle", .any, default: .nilValue)]) { [unowned self] call throws(Interrupt) in
            .native(ViewDescription.leaf(.bitmap(try assetImage(named: try call.string(0), call, argument: 0)), typeName: "Image"))
        }
        image.initializer([NativeParameter(nil, .named("ImageResource"))]) { [unowned self] call throws(Interrupt) in
            let symbol = try boxed(call, 0, String.self, "an ImageResource")
            return .native(ViewDescription.leaf(.bitmap(try assetImage(symbol: symbol, call, argument: 0)), typeName: "Image"))
        }
        image.initializer([NativeParameter("uiImage", .named("UIImage"))]) { call throws(Interrupt) in
            .native(ViewDescription.leaf(.bitmap(try call.native(0, UIImageBox.self, "a UIImage").image), typeName: "Image"))
        }
        let uiImage = NativeType("UIImage", summary: "`UIImage(named:)`, `UIImage(resource:)`: an image set of the asset catalogue, for `Image(uiImage:)`.")
        uiImage.initializer([NativeParameter("named", .string), NativeParameter("in", .any, default: .nilValue),
                             NativeParameter("with", .any, default: .nilValue)]) { [unowned self] call throws(Interrupt) in
            .native(UIImageBox(image: try assetImage(named: try call.string(0), call, argument: 0)))
        }
        uiImage.initializer([NativeParameter("resource", .named("ImageResource"))]) { [unowned self] call throws(Interrupt) in
            .native(UIImageBox(image: try assetImage(symbol: try boxed(call, 0, String.self, "an ImageResource"), call, argument: 0)))
        }
        native.add(uiImage)

        // `Label(_:image:)`: the asset image beside the title, as `Label(_:systemImage:)` lays
        // out its symbol.
        if let label = native.types["Label"] {
            func labelled(_ title: String, _ bitmap: BitmapImage) -> Value {
                .native(ViewDescription.leaf(.stack(.horizontal, alignment: .center, spacing: nil, children: [.bitmap(bitmap), .text(TextContent(title, at: bitmap.mark))]),
                                             typeName: "Label"))
            }
            label.initializer([NativeParameter(nil, .string), NativeParameter("image", .string)]) { [unowned self] call throws(Interrupt) in
                labelled(try call.string(0), try assetImage(named: try call.string(1), call, argument: 1))
            }
            label.initializer([NativeParameter(nil, .string), NativeParameter("image", .named("ImageResource"))]) { [unowned self] call throws(Interrupt) in
                labelled(try call.string(0), try assetImage(symbol: try boxed(call, 1, String.self, "an ImageResource"), call, argument: 1))
            }
        }

        // `renderingMode(_:)`: `.template` draws the image's alpha in the foreground style,
        // `.original` its own colours (Apple, `Image.TemplateRenderingMode`). A symbol is a
        // template already; `.original` on one would ask for its multicolour form, which the
        // library draws with `symbolRenderingMode(.multicolor)`.
        let mode = NativeType("TemplateRenderingMode", summary: "`Image.TemplateRenderingMode`: `.template`, `.original`.")
        for name in ["template", "original"] { mode.constant(name, .native(Boxed(value: name == "template", typeName: "Image.TemplateRenderingMode"))) }
        image.nestedTypes["TemplateRenderingMode"] = mode
        native.types["Image.TemplateRenderingMode"] = mode
        image.method("renderingMode", [NativeParameter(nil, .optional(.named("Image.TemplateRenderingMode")))],
                     result: .named("Image")) { [unowned self] call throws(Interrupt) in
            let receiver = try receiver(call)
            if case .nilValue = call[0].dereferenced { return .native(receiver) }
            let template = try boxed(call, 0, Bool.self, "an Image.TemplateRenderingMode")
            return .native(Self.changingBitmap(in: receiver) { $0.template = template })
        }

        // `interpolation(_:)`: `.none` draws a resized bitmap's texels as sharp blocks; the
        // other qualities smooth it (Apple, `Image.Interpolation`). A symbol is a vector shape,
        // which it does not change.
        let interpolation = NativeType("Interpolation", summary: "`Image.Interpolation`: `.none` (sharp texels), `.low`, `.medium`, `.high` (smoothed).")
        for name in ["none", "low", "medium", "high"] {
            interpolation.constant(name, .native(Boxed(value: name != "none", typeName: "Image.Interpolation")))
        }
        image.nestedTypes["Interpolation"] = interpolation
        native.types["Image.Interpolation"] = interpolation
        image.method("interpolation", [NativeParameter(nil, .named("Image.Interpolation"))], result: .named("Image")) { [unowned self] call throws(Interrupt) in
            let smooth = try boxed(call, 0, Bool.self, "an Image.Interpolation")
            return .native(Self.changingBitmap(in: try receiver(call)) { $0.smooth = smooth })
        }
    }

    /// `view` (an `Image`, perhaps made `resizable()`) with its bitmap changed by `change`; a
    /// symbol as it is.
    static func changingBitmap(in view: ViewDescription, _ change: (inout BitmapImage) -> Void) -> ViewDescription {
        switch view {
        case .leaf(.bitmap(var bitmap), let typeName):
            change(&bitmap)
            return .leaf(.bitmap(bitmap), typeName: typeName)
        case let .modified(content, modifier):
            return .modified(changingBitmap(in: content, change), modifier)
        default:
            return view
        }
    }

    /// What a colour set the catalogue lacks is drawn as, and the warning's words for it: the
    /// grey ``missingColorStandIn``, except `AccentColor` (the set Xcode's app template makes
    /// for the app's accent colour, the build setting `ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME`),
    /// which is the accent iOS uses when an app sets none, system blue (`Color.accentColor`).
    static func standIn(forColor name: String) -> (color: ColorValue, drawn: String) {
        name == "AccentColor" ? (.system("accentColor"), "drawn as iOS's default accent colour, system blue")
                              : (missingColorStandIn, "drawn as the stand-in colour systemGray")
    }

    /// The colour set `name` (`Group/Name` inside a namespace), or its stand-in
    /// (``standIn(forColor:)``) with a warning.
    func assetColor(named name: String) -> ColorValue {
        if let set = assets.colors[name] { return set.value }
        missingAsset(assets.emptyColorSets.contains(name) ? .emptyColorSet : .color, name)
        return Self.standIn(forColor: name).color
    }

    /// The colour set a generated symbol stands for (``Scene/AssetCatalog/setName(forSymbol:among:)``),
    /// or the stand-in with a warning; `asMember`: read as `Color.symbol` or `.symbol`, which may
    /// be the project's own colour, declared in another file.
    func assetColor(symbol: String, asMember: Bool = false) -> ColorValue {
        if let name = AssetCatalog.setName(forSymbol: symbol, among: assets.colors.keys, droppingSuffix: "Color"), let set = assets.colors[name] { return set.value }
        if let name = AssetCatalog.setName(forSymbol: symbol, among: assets.emptyColorSets, droppingSuffix: "Color") {
            missingAsset(.emptyColorSet, name)
            return Self.standIn(forColor: name).color
        }
        // `.accent` is the symbol Xcode generates for the `AccentColor` set (the set's name with
        // its `Color` suffix dropped): missing, it is that set, with `Color("AccentColor")`'s stand-in.
        let name = symbol == "accent" ? "AccentColor" : symbol
        missingAsset(asMember && symbol != "accent" ? .colorMember : .color, name)
        return Self.standIn(forColor: name).color
    }

    /// The image set `name`, its PNGs read once per run; an empty image with a warning when the
    /// catalogue lacks it.
    ///
    /// - Throws: an error at the argument naming the file that cannot be read as a PNG.
    func assetImage(named name: String, _ call: NativeCall, argument: Int) throws(Interrupt) -> BitmapImage {
        if var known = loadedImages[name] {
            known.mark = call.mark
            return known
        }
        guard let set = assets.images[name] else {
            missingAsset(.image, name)
            return BitmapImage(name: name, variants: [])
        }
        if set.files.isEmpty { missingAsset(.emptyImageSet, name) }
        var variants: [BitmapVariant] = []
        for file in set.files {
            do throws(AssetCatalog.LoadFailure) {
                let pixels = try assets.loadImage(file.path)
                variants.append(BitmapVariant(scale: file.scale, pixels: BitmapPixels(source: file.path, image: pixels)))
            } catch {
                throw call.error("the image asset '\(name)' cannot be read: \(error.message)", argument: argument)
            }
        }
        var image = BitmapImage(name: name, variants: variants, template: set.template ?? false)
        image.mark = call.mark
        loadedImages[name] = image
        return image
    }

    /// The image set a generated symbol stands for, as ``assetImage(named:_:argument:)``.
    func assetImage(symbol: String, _ call: NativeCall, argument: Int) throws(Interrupt) -> BitmapImage {
        guard let name = AssetCatalog.setName(forSymbol: symbol, among: assets.images.keys) else {
            missingAsset(.image, symbol)
            return BitmapImage(name: symbol, variants: [])
        }
        return try assetImage(named: name, call, argument: argument)
    }

    /// Records an asset the catalogue lacks, once per kind and name.
    private func missingAsset(_ kind: AssetKind, _ name: String) {
        guard !missingAssets.contains(where: { $0.kind == kind && $0.name == name }) else { return }
        missingAssets.append((kind, name))
    }

    /// One line per asset the catalogue lacks, in the order the code asked for them: what is
    /// drawn instead, and the closest names the catalogue has.
    public var missingAssetWarnings: [String] {
        missingAssets.map { kind, name in
            if kind == .emptyImageSet {
                return "the image set '\(name)' has no PNG file for an iPhone (idiom universal or iphone): drawn as an empty image of size zero"
            }
            if kind == .emptyColorSet {
                return "the colour set '\(name)' has no colour for an iPhone (idiom universal or iphone), its wells left empty: \(Self.standIn(forColor: name).drawn)"
            }
            let drawn = kind.isColor ? Self.standIn(forColor: name).drawn
                                     : "drawn as an empty image of size zero, as a device draws an image it cannot find"
            // `Color.background` is as often the project's own `static let` as a set's symbol.
            let elsewhere = kind == .colorMember
                ? "; if the project declares 'Color.\(name)' in another file, give that file with --include" : ""
            guard !assets.isEmpty else {
                return "the \(kind.isColor ? "colour" : "image") asset '\(name)' comes from the app's asset catalogue, which was not given: \(drawn); "
                    + "give the catalogue with --assets PATH.xcassets" + elsewhere
            }
            let names = kind.isColor ? Array(assets.colors.keys) : Array(assets.images.keys)
            let closest = AssetCatalog.closest(to: name, among: names).map { "'\($0)'" }.joined(separator: ", ")
            return "no \(kind.isColor ? "colour" : "image") set named '\(name)' in the asset catalogue: \(drawn)" + (closest.isEmpty ? "" : "; closest: \(closest)") + elsewhere
        }
    }
}
