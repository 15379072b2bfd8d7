/* csrc/wasm/pthread.h: the single-threaded build's pthreads (WebAssembly).
 *
 * THE one switch between the native build and the WebAssembly one: the wasm
 * build (make -C csrc wasm) puts csrc/wasm/ first on the include path, so the
 * core's `#include <pthread.h>` finds this file instead of the system's; the
 * native build never sees it and is unchanged. wasi-libc has no threads, so:
 *
 *   - pthread_create() always fails (EAGAIN). Every search already handles a
 *     helper thread that could not start by searching on the calling thread
 *     alone (alpha-beta's Lazy SMP, MCTS's root-parallel trees, expectimax's
 *     shared root), so a search asked for N threads runs one;
 *   - the mutexes are counters that check their own pairing: with one thread
 *     a lock is never contended.
 *
 * The core's <stdatomic.h> operations compile to plain loads and stores on
 * wasm32 without the `atomics` feature, which is right for one thread.
 */
#ifndef SAFARI_WASM_PTHREAD_H
#define SAFARI_WASM_PTHREAD_H

#include <errno.h>

typedef struct { int unused; } pthread_attr_t;
typedef unsigned long pthread_t;
typedef struct { int locked; } pthread_mutex_t;
typedef struct { int unused; } pthread_mutexattr_t;

#define PTHREAD_MUTEX_INITIALIZER { 0 }

static inline int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
                                 void *(*start)(void *), void *arg)
{
    (void)thread; (void)attr; (void)start; (void)arg;
    return EAGAIN;
}

static inline int pthread_join(pthread_t thread, void **result)
{
    (void)thread; (void)result;
    return ESRCH;    /* never reached: no thread was ever started */
}

static inline int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr)
{
    (void)attr;
    m->locked = 0;
    return 0;
}

static inline int pthread_mutex_destroy(pthread_mutex_t *m)
{
    return m->locked ? EBUSY : 0;
}

static inline int pthread_mutex_lock(pthread_mutex_t *m)
{
    if (m->locked)
        return EDEADLK;   /* one thread locking twice: a bug, as with an error-checking mutex */
    m->locked = 1;
    return 0;
}

static inline int pthread_mutex_unlock(pthread_mutex_t *m)
{
    if (!m->locked)
        return EPERM;
    m->locked = 0;
    return 0;
}

#endif /* SAFARI_WASM_PTHREAD_H */
