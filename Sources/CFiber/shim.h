// Running a function on a stack of the caller's choosing, on the calling thread (glibc's
// <ucontext.h>: getcontext, makecontext, swapcontext). Part of libc: nothing to link, no
// package to install. makecontext is variadic, which Swift does not import: these inline
// functions make the call.
#include <stddef.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <ucontext.h>

typedef void (*spin_fiber_body)(void *);

struct spin_fiber_call {
    spin_fiber_body body;
    void *argument;
};

// makecontext passes int arguments: the call's address comes in two halves.
static void spin_fiber_start_call(unsigned int high, unsigned int low) {
    struct spin_fiber_call *call = (struct spin_fiber_call *)(((uintptr_t)high << 32) | (uintptr_t)low);
    // Copied first: the caller's frame that holds the call is gone once the body switches back.
    spin_fiber_body body = call->body;
    void *argument = call->argument;
    body(argument);
    // Returning resumes the context in uc_link: the caller's swapcontext returns.
}

/// Makes `context` run body(argument) on the `size` bytes of stack at `stack` and switches to
/// it, saving the current context in `link`; when body returns, `link` (as last saved) is
/// resumed. 0 once switched back, -1 (nothing run) if a context cannot be made.
static inline int spin_fiber_start(ucontext_t *context, ucontext_t *link, void *stack, size_t size,
                                   spin_fiber_body body, void *argument) {
    struct spin_fiber_call call = { body, argument };
    uintptr_t address = (uintptr_t)&call;
    if (getcontext(context) != 0) return -1;
    context->uc_stack.ss_sp = stack;
    context->uc_stack.ss_size = size;
    context->uc_link = link;
    // The body reads `call` before it first switches back, while this frame still waits.
    makecontext(context, (void (*)(void))spin_fiber_start_call, 2,
                (unsigned int)(address >> 32), (unsigned int)(address & 0xffffffffu));
    return swapcontext(link, context);
}

/// Runs body(argument) on the `size` bytes of stack at `stack` (lowest address), on this
/// thread; returns when it returns. 0 on success, -1 (nothing run) if a context cannot be made.
static inline int spin_fiber_run(void *stack, size_t size, spin_fiber_body body, void *argument) {
    ucontext_t caller;
    ucontext_t callee;
    return spin_fiber_start(&callee, &caller, stack, size, body, argument);
}

/// Saves the current context in `from` and resumes `to`.
static inline int spin_fiber_switch(ucontext_t *from, ucontext_t *to) {
    return swapcontext(from, to);
}

/// Names the calling thread (at most 15 bytes shown), as thread lists show it. prctl is
/// variadic too.
static inline int spin_name_thread(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}
