#ifndef RELOPS_FOLDER_OPEN_H
#define RELOPS_FOLDER_OPEN_H
/*
 * Opening a working-tree folder in one system call without passing through a symlink: what the
 * scan's workers use for each new folder, in place of one fstatat(2) per component and a second
 * walk to open it; and a build file opened under the repository's root in one call, where
 * RepositoryPath would walk each component. The C library has no openat2(2) wrapper, and Swift
 * cannot call syscall(2).
 */

/* Opens the folder `path` (relative to `dirfd`) as an O_PATH handle with openat2(2) and
   RESOLVE_NO_SYMLINKS: no component, the last included, may be a symlink. Returns the descriptor,
   or -1 with errno: ELOOP when a component is a symlink, ENOENT or ENOTDIR when the folder is not
   there, ENOSYS or EPERM when the kernel (or a seccomp filter) does not offer openat2. */
int relops_open_folder_without_symlinks(int dirfd, const char *path);

/* Opens `path` (relative to `dirfd`) with `flags` through openat2(2), with RESOLVE_BENEATH and
   RESOLVE_NO_SYMLINKS: the path may not leave `dirfd` nor pass through a symlink, the last
   component included. Returns the descriptor, or -1 with errno (ELOOP at a symlink, EXDEV for a
   path that would leave `dirfd`, ENOSYS or EPERM without openat2). */
int relops_open_beneath_without_symlinks(int dirfd, const char *path, int flags);

#endif
