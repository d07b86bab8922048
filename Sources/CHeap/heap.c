#include "relops_heap.h"

#include <malloc.h>

int relops_grow_heaps_in_large_steps(void) { return mallopt(M_TOP_PAD, (int)RELOPS_HEAP_GROWTH); }
