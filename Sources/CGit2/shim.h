#ifndef RELOPS_CGIT2_SHIM_H
#define RELOPS_CGIT2_SHIM_H
#include <git2.h>

/* Typed stand-ins for libgit2 macros that Swift cannot import. */
static inline int relops_git_index_entry_stage(const git_index_entry *entry) {
    return GIT_INDEX_ENTRY_STAGE(entry);
}
#endif
