import SpinRender
print("spinrender")
