// Package snapshot copies a version of a source tree into a directory of
// the caller's, without writing anything where the version comes from:
// a git revision ([Git], through git archive, which reads the object
// store and touches neither the working tree, the index, the refs nor the
// worktree list), a git working tree as it is now ([WorkTree]: the files
// git tracks and the untracked ones it does not ignore, edits not yet
// committed included), or a module version ([Module]: fetched with go mod
// download and copied out of the module cache, which stays read-only).
//
// Every git command runs with GIT_OPTIONAL_LOCKS=0, so that not even a
// refresh of the index's stat data is written. Approximations: git
// archive leaves out the paths that .gitattributes marks export-ignore
// and expands export-subst; submodules are not copied (an archive holds
// none); a module copy has no vendor directory and none of the nested
// modules a module zip leaves out.
package snapshot
