/*
 * libgit2, bound lazily: relops does not link libgit2 (no DT_NEEDED entry); this file dlopen()s
 * it on the first call and forwards each function relops uses to the real one.
 *
 * Why: start-up time. libgit2 brings mbedTLS (three libraries), libssh2, http_parser, pcre2 and
 * krb5. A C program with relops' old DT_NEEDED list starts in 8.5 ms, 4.7 ms without libcurl,
 * 1.8 ms without libcurl, libgit2 and OpenSSL; the dynamic loader and the page faults of those
 * libraries were ~90% of `relops scan --help`. `--help`, `completion`, `runbook list` and a scan
 * that never opens the repository no longer pay for it.
 *
 * The soname follows the headers: libgit2.so.<LIBGIT2_SOVERSION>, so a rebuild against another
 * version opens that one (Debian names the package after it: libgit2-<soversion>).
 *
 * Adding a function: add one RELOPS_FORWARD (or RELOPS_FORWARD_VOID) line below with the
 * signature copied from the libgit2 header (the compiler checks it against the declaration). A
 * function that is missing here is an undefined-symbol error at link time.
 *
 * The Swift wrapper (Sources/Git) asks relops_libgit2_load() in its one-time initialisation and
 * throws GitError when the library cannot be loaded; the exit(3) in libgit2_symbol is only a
 * safety net for a call that skipped it.
 */
#include "relops_git2_loader.h"

#include "../CGit2/shim.h"
#include "relops_dynamic_library.h"


#define LIBGIT2_SONAME "libgit2.so." LIBGIT2_SOVERSION
#define LIBGIT2_PACKAGE "libgit2-" LIBGIT2_SOVERSION

static struct relops_dynamic_library libgit2 = RELOPS_DYNAMIC_LIBRARY_INIT(LIBGIT2_SONAME, LIBGIT2_PACKAGE);

const char *relops_libgit2_load(void) { return relops_dynamic_library_load(&libgit2); }

static void *libgit2_symbol(const char *name) { return relops_dynamic_library_symbol(&libgit2, name); }

RELOPS_FORWARD(libgit2_symbol, int, git_blame_buffer, (git_blame **out, git_blame *reference, const char *buffer, size_t buffer_len), (out, reference, buffer, buffer_len))
RELOPS_FORWARD(libgit2_symbol, int, git_blame_file, (git_blame **out, git_repository *repo, const char *path, git_blame_options *options), (out, repo, path, options))
RELOPS_FORWARD_VOID(libgit2_symbol, git_blame_free, (git_blame *blame), (blame))
RELOPS_FORWARD(libgit2_symbol, const git_blame_hunk *, git_blame_get_hunk_byindex, (git_blame *blame, uint32_t index), (blame, index))
RELOPS_FORWARD(libgit2_symbol, uint32_t, git_blame_get_hunk_count, (git_blame *blame), (blame))
RELOPS_FORWARD(libgit2_symbol, int, git_blame_options_init, (git_blame_options *opts, unsigned int version), (opts, version))
RELOPS_FORWARD(libgit2_symbol, int, git_blob_create_from_buffer, (git_oid *id, git_repository *repo, const void *buffer, size_t len), (id, repo, buffer, len))
RELOPS_FORWARD_VOID(libgit2_symbol, git_blob_free, (git_blob *blob), (blob))
RELOPS_FORWARD(libgit2_symbol, int, git_blob_lookup, (git_blob **blob, git_repository *repo, const git_oid *id), (blob, repo, id))
RELOPS_FORWARD(libgit2_symbol, const void *, git_blob_rawcontent, (const git_blob *blob), (blob))
RELOPS_FORWARD(libgit2_symbol, git_object_size_t, git_blob_rawsize, (const git_blob *blob), (blob))
RELOPS_FORWARD(libgit2_symbol, int, git_branch_delete, (git_reference *branch), (branch))
RELOPS_FORWARD(libgit2_symbol, int, git_branch_create, (git_reference **out, git_repository *repo, const char *branch_name, const git_commit *target, int force), (out, repo, branch_name, target, force))
RELOPS_FORWARD(libgit2_symbol, int, git_branch_lookup, (git_reference **out, git_repository *repo, const char *branch_name, git_branch_t branch_type), (out, repo, branch_name, branch_type))
RELOPS_FORWARD(libgit2_symbol, int, git_branch_upstream, (git_reference **out, const git_reference *branch), (out, branch))
RELOPS_FORWARD_VOID(libgit2_symbol, git_buf_dispose, (git_buf *buffer), (buffer))
RELOPS_FORWARD(libgit2_symbol, const git_signature *, git_commit_author, (const git_commit *commit), (commit))
RELOPS_FORWARD(libgit2_symbol, int, git_commit_create, (git_oid *id, git_repository *repo, const char *update_ref, const git_signature *author, const git_signature *committer, const char *message_encoding, const char *message, const git_tree *tree, size_t parent_count, const git_commit **parents), (id, repo, update_ref, author, committer, message_encoding, message, tree, parent_count, parents))
RELOPS_FORWARD_VOID(libgit2_symbol, git_commit_free, (git_commit *commit), (commit))
RELOPS_FORWARD(libgit2_symbol, int, git_commit_lookup, (git_commit **commit, git_repository *repo, const git_oid *id), (commit, repo, id))
RELOPS_FORWARD(libgit2_symbol, const char *, git_commit_message, (const git_commit *commit), (commit))
RELOPS_FORWARD(libgit2_symbol, int, git_commit_parent, (git_commit **out, const git_commit *commit, unsigned int n), (out, commit, n))
RELOPS_FORWARD(libgit2_symbol, const git_oid *, git_commit_parent_id, (const git_commit *commit, unsigned int n), (commit, n))
RELOPS_FORWARD(libgit2_symbol, unsigned int, git_commit_parentcount, (const git_commit *commit), (commit))
RELOPS_FORWARD(libgit2_symbol, const char *, git_commit_summary, (git_commit *commit), (commit))
RELOPS_FORWARD(libgit2_symbol, git_time_t, git_commit_time, (const git_commit *commit), (commit))
RELOPS_FORWARD(libgit2_symbol, int, git_commit_tree, (git_tree **tree_out, const git_commit *commit), (tree_out, commit))
RELOPS_FORWARD_VOID(libgit2_symbol, git_config_free, (git_config *cfg), (cfg))
RELOPS_FORWARD(libgit2_symbol, int, git_config_get_string, (const char **out, const git_config *cfg, const char *name), (out, cfg, name))
RELOPS_FORWARD(libgit2_symbol, int, git_diff_blob_to_buffer, (const git_blob *old_blob, const char *old_as_path, const char *buffer, size_t buffer_len, const char *buffer_as_path, const git_diff_options *options, git_diff_file_cb file_cb, git_diff_binary_cb binary_cb, git_diff_hunk_cb hunk_cb, git_diff_line_cb line_cb, void *payload), (old_blob, old_as_path, buffer, buffer_len, buffer_as_path, options, file_cb, binary_cb, hunk_cb, line_cb, payload))
RELOPS_FORWARD(libgit2_symbol, int, git_diff_blobs, (const git_blob *old_blob, const char *old_as_path, const git_blob *new_blob, const char *new_as_path, const git_diff_options *options, git_diff_file_cb file_cb, git_diff_binary_cb binary_cb, git_diff_hunk_cb hunk_cb, git_diff_line_cb line_cb, void *payload), (old_blob, old_as_path, new_blob, new_as_path, options, file_cb, binary_cb, hunk_cb, line_cb, payload))
RELOPS_FORWARD(libgit2_symbol, int, git_diff_find_options_init, (git_diff_find_options *opts, unsigned int version), (opts, version))
RELOPS_FORWARD(libgit2_symbol, int, git_diff_find_similar, (git_diff *diff, const git_diff_find_options *options), (diff, options))
RELOPS_FORWARD_VOID(libgit2_symbol, git_diff_free, (git_diff *diff), (diff))
RELOPS_FORWARD(libgit2_symbol, const git_diff_delta *, git_diff_get_delta, (const git_diff *diff, size_t idx), (diff, idx))
RELOPS_FORWARD(libgit2_symbol, size_t, git_diff_num_deltas, (const git_diff *diff), (diff))
RELOPS_FORWARD(libgit2_symbol, int, git_diff_options_init, (git_diff_options *opts, unsigned int version), (opts, version))
RELOPS_FORWARD(libgit2_symbol, int, git_diff_tree_to_tree, (git_diff **diff, git_repository *repo, git_tree *old_tree, git_tree *new_tree, const git_diff_options *opts), (diff, repo, old_tree, new_tree, opts))
RELOPS_FORWARD(libgit2_symbol, const git_error *, git_error_last, (void), ())
RELOPS_FORWARD(libgit2_symbol, int, git_filter_list_apply_to_buffer, (git_buf *out, git_filter_list *filters, const char *in, size_t in_len), (out, filters, in, in_len))
RELOPS_FORWARD_VOID(libgit2_symbol, git_filter_list_free, (git_filter_list *filters), (filters))
RELOPS_FORWARD(libgit2_symbol, int, git_filter_list_load, (git_filter_list **filters, git_repository *repo, git_blob *blob, const char *path, git_filter_mode_t mode, uint32_t flags), (filters, repo, blob, path, mode, flags))
RELOPS_FORWARD(libgit2_symbol, int, git_graph_ahead_behind, (size_t *ahead, size_t *behind, git_repository *repo, const git_oid *local, const git_oid *upstream), (ahead, behind, repo, local, upstream))
RELOPS_FORWARD(libgit2_symbol, int, git_graph_descendant_of, (git_repository *repo, const git_oid *commit, const git_oid *ancestor), (repo, commit, ancestor))
RELOPS_FORWARD(libgit2_symbol, int, git_index_add, (git_index *index, const git_index_entry *source_entry), (index, source_entry))
RELOPS_FORWARD(libgit2_symbol, int, git_index_add_all, (git_index *index, const git_strarray *pathspec, unsigned int flags, git_index_matched_path_cb callback, void *payload), (index, pathspec, flags, callback, payload))
RELOPS_FORWARD(libgit2_symbol, int, git_index_add_bypath, (git_index *index, const char *path), (index, path))
RELOPS_FORWARD(libgit2_symbol, size_t, git_index_entrycount, (const git_index *index), (index))
RELOPS_FORWARD_VOID(libgit2_symbol, git_index_free, (git_index *index), (index))
RELOPS_FORWARD(libgit2_symbol, const git_index_entry *, git_index_get_byindex, (git_index *index, size_t n), (index, n))
RELOPS_FORWARD(libgit2_symbol, int, git_index_new, (git_index **out), (out))
RELOPS_FORWARD(libgit2_symbol, const git_index_entry *, git_index_get_bypath, (git_index *index, const char *path, int stage), (index, path, stage))
RELOPS_FORWARD(libgit2_symbol, int, git_index_read, (git_index *index, int force), (index, force))
RELOPS_FORWARD(libgit2_symbol, int, git_index_read_tree, (git_index *index, const git_tree *tree), (index, tree))
RELOPS_FORWARD(libgit2_symbol, int, git_index_update_all, (git_index *index, const git_strarray *pathspec, git_index_matched_path_cb callback, void *payload), (index, pathspec, callback, payload))
RELOPS_FORWARD(libgit2_symbol, int, git_index_write, (git_index *index), (index))
RELOPS_FORWARD(libgit2_symbol, int, git_index_write_tree, (git_oid *out, git_index *index), (out, index))
RELOPS_FORWARD(libgit2_symbol, int, git_index_write_tree_to, (git_oid *out, git_index *index, git_repository *repo), (out, index, repo))
RELOPS_FORWARD(libgit2_symbol, int, git_libgit2_init, (void), ())
RELOPS_FORWARD(libgit2_symbol, int, git_libgit2_version, (int *major, int *minor, int *rev), (major, minor, rev))
RELOPS_FORWARD_VOID(libgit2_symbol, git_object_free, (git_object *object), (object))
RELOPS_FORWARD(libgit2_symbol, const git_oid *, git_object_id, (const git_object *obj), (obj))
RELOPS_FORWARD(libgit2_symbol, int, git_object_peel, (git_object **peeled, const git_object *object, git_object_t target_type), (peeled, object, target_type))
RELOPS_FORWARD(libgit2_symbol, int, git_odb_exists, (git_odb *db, const git_oid *id), (db, id))
RELOPS_FORWARD_VOID(libgit2_symbol, git_odb_free, (git_odb *db), (db))
RELOPS_FORWARD(libgit2_symbol, int, git_odb_hash, (git_oid *out, const void *data, size_t len, git_object_t type), (out, data, len, type))
RELOPS_FORWARD(libgit2_symbol, int, git_reference_create_matching, (git_reference **out, git_repository *repo, const char *name, const git_oid *id, int force, const git_oid *current_id, const char *log_message), (out, repo, name, id, force, current_id, log_message))
RELOPS_FORWARD_VOID(libgit2_symbol, git_reference_free, (git_reference *ref), (ref))
RELOPS_FORWARD(libgit2_symbol, int, git_reference_is_branch, (const git_reference *ref), (ref))
RELOPS_FORWARD(libgit2_symbol, int, git_reference_list, (git_strarray *array, git_repository *repo), (array, repo))
RELOPS_FORWARD(libgit2_symbol, const git_oid *, git_reference_target, (const git_reference *ref), (ref))
RELOPS_FORWARD(libgit2_symbol, const char *, git_reference_shorthand, (const git_reference *ref), (ref))
RELOPS_FORWARD(libgit2_symbol, const char *, git_repository_commondir, (const git_repository *repo), (repo))
RELOPS_FORWARD(libgit2_symbol, int, git_repository_config_snapshot, (git_config **out, git_repository *repo), (out, repo))
RELOPS_FORWARD_VOID(libgit2_symbol, git_repository_free, (git_repository *repo), (repo))
RELOPS_FORWARD(libgit2_symbol, int, git_repository_head, (git_reference **out, git_repository *repo), (out, repo))
RELOPS_FORWARD(libgit2_symbol, int, git_repository_head_unborn, (git_repository *repo), (repo))
RELOPS_FORWARD(libgit2_symbol, int, git_repository_index, (git_index **out, git_repository *repo), (out, repo))
RELOPS_FORWARD(libgit2_symbol, int, git_repository_init_ext, (git_repository **out, const char *repo_path, git_repository_init_options *opts), (out, repo_path, opts))
RELOPS_FORWARD(libgit2_symbol, int, git_repository_init_options_init, (git_repository_init_options *opts, unsigned int version), (opts, version))
RELOPS_FORWARD(libgit2_symbol, int, git_repository_odb, (git_odb **out, git_repository *repo), (out, repo))
RELOPS_FORWARD(libgit2_symbol, int, git_repository_open_ext, (git_repository **out, const char *path, unsigned int flags, const char *ceiling_dirs), (out, path, flags, ceiling_dirs))
RELOPS_FORWARD(libgit2_symbol, const char *, git_repository_path, (const git_repository *repo), (repo))
RELOPS_FORWARD(libgit2_symbol, int, git_repository_state, (git_repository *repo), (repo))
RELOPS_FORWARD(libgit2_symbol, int, git_repository_set_head, (git_repository *repo, const char *refname), (repo, refname))
RELOPS_FORWARD(libgit2_symbol, const char *, git_repository_workdir, (const git_repository *repo), (repo))
RELOPS_FORWARD(libgit2_symbol, int, git_revparse_single, (git_object **out, git_repository *repo, const char *spec), (out, repo, spec))
RELOPS_FORWARD_VOID(libgit2_symbol, git_revwalk_free, (git_revwalk *walk), (walk))
RELOPS_FORWARD(libgit2_symbol, int, git_revwalk_hide, (git_revwalk *walk, const git_oid *commit_id), (walk, commit_id))
RELOPS_FORWARD(libgit2_symbol, int, git_revwalk_new, (git_revwalk **out, git_repository *repo), (out, repo))
RELOPS_FORWARD(libgit2_symbol, int, git_revwalk_next, (git_oid *out, git_revwalk *walk), (out, walk))
RELOPS_FORWARD(libgit2_symbol, int, git_revwalk_push, (git_revwalk *walk, const git_oid *id), (walk, id))
RELOPS_FORWARD(libgit2_symbol, int, git_revwalk_simplify_first_parent, (git_revwalk *walk), (walk))
RELOPS_FORWARD(libgit2_symbol, int, git_signature_default, (git_signature **out, git_repository *repo), (out, repo))
RELOPS_FORWARD_VOID(libgit2_symbol, git_signature_free, (git_signature *sig), (sig))
RELOPS_FORWARD(libgit2_symbol, int, git_signature_new, (git_signature **out, const char *name, const char *email, git_time_t time, int offset), (out, name, email, time, offset))
RELOPS_FORWARD(libgit2_symbol, const git_status_entry *, git_status_byindex, (git_status_list *statuslist, size_t idx), (statuslist, idx))
RELOPS_FORWARD(libgit2_symbol, size_t, git_status_list_entrycount, (git_status_list *statuslist), (statuslist))
RELOPS_FORWARD_VOID(libgit2_symbol, git_status_list_free, (git_status_list *statuslist), (statuslist))
RELOPS_FORWARD_VOID(libgit2_symbol, git_strarray_dispose, (git_strarray *array), (array))
RELOPS_FORWARD(libgit2_symbol, int, git_status_list_new, (git_status_list **out, git_repository *repo, const git_status_options *opts), (out, repo, opts))
RELOPS_FORWARD(libgit2_symbol, int, git_status_options_init, (git_status_options *opts, unsigned int version), (opts, version))
RELOPS_FORWARD(libgit2_symbol, const git_tree_entry *, git_tree_entry_byindex, (const git_tree *tree, size_t idx), (tree, idx))
RELOPS_FORWARD(libgit2_symbol, int, git_tree_entry_bypath, (git_tree_entry **out, const git_tree *root, const char *path), (out, root, path))
RELOPS_FORWARD(libgit2_symbol, git_filemode_t, git_tree_entry_filemode, (const git_tree_entry *entry), (entry))
RELOPS_FORWARD_VOID(libgit2_symbol, git_tree_entry_free, (git_tree_entry *entry), (entry))
RELOPS_FORWARD(libgit2_symbol, const git_oid *, git_tree_entry_id, (const git_tree_entry *entry), (entry))
RELOPS_FORWARD(libgit2_symbol, const char *, git_tree_entry_name, (const git_tree_entry *entry), (entry))
RELOPS_FORWARD(libgit2_symbol, git_object_t, git_tree_entry_type, (const git_tree_entry *entry), (entry))
RELOPS_FORWARD(libgit2_symbol, size_t, git_tree_entrycount, (const git_tree *tree), (tree))
RELOPS_FORWARD_VOID(libgit2_symbol, git_tree_free, (git_tree *tree), (tree))
RELOPS_FORWARD(libgit2_symbol, int, git_tree_lookup, (git_tree **out, git_repository *repo, const git_oid *id), (out, repo, id))
RELOPS_FORWARD(libgit2_symbol, int, git_tree_walk, (const git_tree *tree, git_treewalk_mode mode, git_treewalk_cb callback, void *payload), (tree, mode, callback, payload))
