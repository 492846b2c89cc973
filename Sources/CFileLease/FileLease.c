#define _GNU_SOURCE
#include "CFileLease.h"

#if defined(__linux__)

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

// A lease break is signalled (SIGIO); the handler only wakes a thread, which copies the leased bytes into
// fresh memory, puts the copy where the mapping was (mremap, one step: readers never see a gap) and gives the
// lease up, which lets the writer's open return.

// Mappings held at once: a browser holds one a source it follows, and one a large YAML text it reads; tests running
// side by side in one process hold more.
enum { lease_slots = 64 };

typedef struct {
    unsigned char *address;
    size_t size;
    int descriptor;
    /// Bytes read from the mapping since its pages were last given back.
    size_t read;
    /// The file is the program's own (unnamed): no lease, nothing to copy for a writer.
    int owned;
} lease;

/// Bytes read from a leased mapping between two times its pages are given back.
enum { trim_stretch = 2 << 20 };
/// Bytes a thread reads before it tells the mapping: most reports then take no lock.
enum { report_step = 256 << 10 };

static lease leases[lease_slots];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static sem_t breaks;
static struct sigaction previous;
static int ready;
static long copies;
static long trims;
static __thread size_t unreported;

static void on_break(int signal, siginfo_t *info, void *context) {
    int saved = errno;
    sem_post(&breaks);
    errno = saved;
    if (previous.sa_flags & SA_SIGINFO) {
        if (previous.sa_sigaction) previous.sa_sigaction(signal, info, context);
    } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(signal);
    }
}

/// Puts a private copy in place of the mapping and gives the lease up; the lock is held.
static void privatise(lease *held) {
    void *copy = mmap(NULL, held->size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (copy != MAP_FAILED) {
        // A lease the system ended without waiting (the program was stopped longer than writers wait) may
        // have let the file be cut: only what is still the file's is copied, the rest read as zeros (and the
        // file, another version, is read again).
        struct stat status;
        size_t readable = held->size;
        if (fstat(held->descriptor, &status) == 0 && (size_t)status.st_size < readable) readable = (size_t)status.st_size;
        memcpy(copy, held->address, readable);
        mprotect(copy, held->size, PROT_READ);
        if (mremap(copy, held->size, held->size, MREMAP_MAYMOVE | MREMAP_FIXED, held->address) == MAP_FAILED) {
            munmap(copy, held->size);
        } else {
            copies++;
        }
    }
    fcntl(held->descriptor, F_SETLEASE, F_UNLCK);
    close(held->descriptor);
    held->descriptor = -1;
}

static void *answer_breaks(void *unused) {
    (void)unused;
    for (;;) {
        while (sem_wait(&breaks) != 0) {}
        pthread_mutex_lock(&lock);
        for (int slot = 0; slot < lease_slots; slot++) {
            lease *held = &leases[slot];
            if (held->address && held->descriptor >= 0 && !held->owned && fcntl(held->descriptor, F_GETLEASE) != F_RDLCK) privatise(held);
        }
        pthread_mutex_unlock(&lock);
    }
    return NULL;
}

static int start(void) {
    if (ready) return ready > 0;
    ready = -1;
    if (sem_init(&breaks, 0, 0) != 0) return 0;
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attributes, 64 << 10);
    int made = pthread_create(&thread, &attributes, answer_breaks, NULL);
    pthread_attr_destroy(&attributes);
    if (made != 0) return 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_sigaction = on_break;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    if (sigaction(SIGIO, &action, &previous) != 0) return 0;
    ready = 1;
    return 1;
}

const unsigned char *arbor_lease_map(int descriptor, size_t size) {
    if (size == 0) return NULL;
    pthread_mutex_lock(&lock);
    int slot = 0;
    while (slot < lease_slots && leases[slot].address) slot++;
    int own = -1;
    unsigned char *address = MAP_FAILED;
    struct stat status;
    if (slot == lease_slots || !start()) goto failed;
    own = fcntl(descriptor, F_DUPFD_CLOEXEC, 0);
    if (own < 0 || fcntl(own, F_SETLEASE, F_RDLCK) != 0) goto failed;
    // The break is signalled to the process, not to the thread that took the lease (which may have ended).
    struct f_owner_ex owner = {F_OWNER_PID, getpid()};
    if (fcntl(own, F_SETOWN_EX, &owner) != 0) goto failed;
    // Leased first, then measured: the size cannot change from here on.
    if (fstat(own, &status) != 0 || !S_ISREG(status.st_mode) || (size_t)status.st_size != size) goto failed;
    address = mmap(NULL, size, PROT_READ, MAP_PRIVATE, own, 0);
    if (address == MAP_FAILED) goto failed;
    leases[slot] = (lease){address, size, own, 0, 0};
    pthread_mutex_unlock(&lock);
    return address;
failed:
    if (own >= 0) {
        fcntl(own, F_SETLEASE, F_UNLCK);
        close(own);
    }
    pthread_mutex_unlock(&lock);
    return NULL;
}

void *arbor_map_around_gap(int descriptor, size_t size, size_t gap_at, size_t gap_length) {
    unsigned char *address = mmap(NULL, size, PROT_READ, MAP_SHARED, descriptor, 0);
    if (address == MAP_FAILED || gap_length == 0 || gap_at >= size) return address;
    if (mmap(address + gap_at, size - gap_at, PROT_READ, MAP_SHARED | MAP_FIXED, descriptor, (off_t)(gap_at + gap_length)) == MAP_FAILED) {
        munmap(address, size);
        return MAP_FAILED;
    }
    return address;
}

const unsigned char *arbor_mapping_own(int descriptor, size_t size, size_t gap_at, size_t gap_length) {
    if (size == 0) return NULL;
    pthread_mutex_lock(&lock);
    int slot = 0;
    while (slot < lease_slots && leases[slot].address) slot++;
    struct stat status;
    // A file shorter than the mapping would end a read past its end with a bus error.
    int whole = fstat(descriptor, &status) == 0 && S_ISREG(status.st_mode) && (size_t)status.st_size >= size + gap_length;
    unsigned char *address = slot < lease_slots && whole ? arbor_map_around_gap(descriptor, size, gap_at, gap_length) : MAP_FAILED;
    if (address == MAP_FAILED) {
        pthread_mutex_unlock(&lock);
        return NULL;
    }
    leases[slot] = (lease){address, size, descriptor, 0, 1};
    pthread_mutex_unlock(&lock);
    return address;
}

void arbor_lease_privatise_all(void) {
    pthread_mutex_lock(&lock);
    for (int slot = 0; slot < lease_slots; slot++) {
        if (leases[slot].address && leases[slot].descriptor >= 0 && !leases[slot].owned) privatise(&leases[slot]);
    }
    pthread_mutex_unlock(&lock);
}

void arbor_lease_unmap(const unsigned char *address) {
    pthread_mutex_lock(&lock);
    for (int slot = 0; slot < lease_slots; slot++) {
        lease *held = &leases[slot];
        if (held->address != address) continue;
        if (held->descriptor >= 0) {
            if (!held->owned) fcntl(held->descriptor, F_SETLEASE, F_UNLCK);
            close(held->descriptor);
        }
        munmap(held->address, held->size);
        *held = (lease){NULL, 0, -1, 0, 0};
    }
    pthread_mutex_unlock(&lock);
}

/// A counter of the leases', read under their lock.
static long counted(const long *counter) {
    pthread_mutex_lock(&lock);
    long count = *counter;
    pthread_mutex_unlock(&lock);
    return count;
}

long arbor_lease_copies(void) { return counted(&copies); }

void arbor_mapping_read(const unsigned char *address, size_t count) {
    unreported += count;
    if (unreported < report_step) return;
    size_t read = unreported;
    unreported = 0;
    pthread_mutex_lock(&lock);
    for (int slot = 0; slot < lease_slots; slot++) {
        lease *held = &leases[slot];
        // A copy made for a writer is the program's own memory: given back, it would read as zeros.
        if (!held->address || held->descriptor < 0) continue;
        if (address < held->address || address >= held->address + held->size) continue;
        held->read += read;
        if (held->read >= trim_stretch) {
            // The mapping is the file's and only read: its pages come back from the file when read again.
            madvise(held->address, held->size, MADV_DONTNEED);
            held->read = 0;
            trims++;
        }
        break;
    }
    pthread_mutex_unlock(&lock);
}

long arbor_mapping_trims(void) { return counted(&trims); }

#else

// Leases and mremap are Linux's: elsewhere a followed file is read, as before.
const unsigned char *arbor_lease_map(int descriptor, size_t size) {
    (void)descriptor;
    (void)size;
    return 0;
}
const unsigned char *arbor_mapping_own(int descriptor, size_t size, size_t gap_at, size_t gap_length) {
    (void)descriptor;
    (void)size;
    (void)gap_at;
    (void)gap_length;
    return 0;
}
void *arbor_map_around_gap(int descriptor, size_t size, size_t gap_at, size_t gap_length) {
    (void)descriptor;
    (void)size;
    (void)gap_at;
    (void)gap_length;
    return (void *)-1;
}
void arbor_lease_privatise_all(void) {}
void arbor_lease_unmap(const unsigned char *address) { (void)address; }
long arbor_lease_copies(void) { return 0; }
void arbor_mapping_read(const unsigned char *address, size_t count) {
    (void)address;
    (void)count;
}
long arbor_mapping_trims(void) { return 0; }

#endif
