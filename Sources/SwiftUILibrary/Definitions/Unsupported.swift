import SwiftCode

// SwiftUI's views and modifiers that the library does not define. A file that uses one is
// valid Swift, so it is told that the view or modifier is not supported (and what is), never
// that the name is undeclared.

extension SwiftUILibrary {
    /// SwiftUI views (and UIKit bridges) outside the library, from the SwiftUI documentation's
    /// "Views and controls", "Layout" and "Navigation" topics.
    static let unsupportedViewNames = [
        "Toggle", "Slider", "Stepper", "TextField", "SecureField", "TextEditor", "Picker", "DatePicker",
        "ColorPicker", "Menu", "Link", "ShareLink", "List", "ScrollViewReader", "NavigationView",
        "NavigationStack", "NavigationSplitView", "NavigationLink", "TabView", "Form", "Section", "DisclosureGroup",
        "OutlineGroup", "LazyHGrid", "Divider",
        "AnyLayout", "Gauge", "AsyncImage", "VideoPlayer", "Map", "ControlGroup",
        "EditButton", "PasteButton", "RenameButton", "Table", "GroupBox", "LabeledContent", "ContentUnavailableView",
        "UIViewRepresentable", "UIViewControllerRepresentable", "TimelineView",
    ]

    /// SwiftUI view modifiers outside the library, from the SwiftUI documentation's "View
    /// modifiers" topics (the ones public loader code calls).
    static let unsupportedModifierNames = [
        "matchedGeometryEffect", "alignmentGuide", "resizable",
        "sheet", "alert", "popover", "fullScreenCover",
        "toolbar", "listRowBackground", "symbolEffect", "contentTransition",
        "keyframeAnimator", "geometryGroup", "visualEffect", "scrollContentBackground",
        // Navigation, presentation and list modifiers a loader's file often carries from the
        // screen around it, and input, scrolling and text modifiers of the same topics.
        "navigationTitle", "navigationBarTitle", "navigationBarTitleDisplayMode", "navigationBarHidden",
        "navigationBarBackButtonHidden", "navigationDestination", "toolbarBackground", "toolbarColorScheme",
        "listStyle", "listRowInsets", "listRowSeparator", "pickerStyle", "textFieldStyle", "toggleStyle",
        "datePickerStyle", "tabViewStyle", "searchable", "refreshable", "swipeActions",
        "contextMenu", "confirmationDialog", "onDrag", "onDrop", "onHover", "focused", "keyboardType",
        "textInputAutocapitalization", "autocapitalization", "disableAutocorrection", "autocorrectionDisabled",
        "submitLabel", "onSubmit", "scrollIndicators", "scrollDisabled", "scrollTargetBehavior",
        "scrollTargetLayout", "scrollPosition", "presentationDetents", "interactiveDismissDisabled",
        "statusBarHidden", "persistentSystemOverlays", "sensoryFeedback", "safeAreaInset", "containerRelativeFrame",
        "onPreferenceChange", "preference", "anchorPreference", "dynamicTypeSize", "truncationMode", "lineSpacing",
        "textSelection", "privacySensitive", "badge", "help", "keyboardShortcut", "hoverEffect",
    ]

    /// Registers the refusals; called after every definition, so that a name the library
    /// defines is never refused and the lists of what is supported are complete.
    func defineUnsupported() {
        let internalViews: Set<String> = ["ModifiedContent", "_ShapeView", "_ConditionalContent", "_UserView", "TupleView", "_Shape"]
        for name in Self.unsupportedViewNames where native.types[name] == nil {
            native.unsupportedNames[name] = "'\(name)' is not supported here"
        }
        native.unsupportedNamesDetail = { [unowned native] in
            "; supported views: " + native.types.values
                .filter { !internalViews.contains($0.name) && ($0.protocols.contains("View") || $0.protocols.contains("Shape") || $0.protocols.contains("InsettableShape")) }
                .map(\.name).sorted().joined(separator: ", ")
        }
        guard let view = native.protocols["View"] else { return }
        var members: [String: String] = [:]
        for name in Self.unsupportedModifierNames where view.instanceMembers[name] == nil {
            members[name] = "modifier '\(name)' is not supported"
        }
        native.unsupportedMembers["View"] = members
        native.unsupportedMembersDetail["View"] = { [unowned native] in
            var modifierNames = Set<String>()
            if let view = native.protocols["View"] { modifierNames.formUnion(view.instanceMembers.keys) }
            if let shape = native.protocols["Shape"] { modifierNames.formUnion(shape.instanceMembers.keys) }
            return "; supported: " + modifierNames.sorted().joined(separator: ", ")
        }
    }
}
