// Compare: see DESIGN.md §2.
enum _Placeholder {}
