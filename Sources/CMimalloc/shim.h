#ifndef CMIMALLOC_SHIM_H
#define CMIMALLOC_SHIM_H

/* mimalloc, linked into the demo's executable: Debian's build replaces malloc and free for the
 * whole process, the Swift runtime's allocations included (see docs/performance.md, "The
 * allocator"). Only its version is called by name. */
#include <mimalloc.h>

#endif
