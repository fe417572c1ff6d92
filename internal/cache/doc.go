// Package cache is confhunt's store of results between runs: entries
// addressed by a key that hashes every input of the result, as the Go
// build cache addresses its outputs. The default directory is
// os.UserCacheDir()/confhunt; CONFHUNT_CACHE names another, or "off".
//
// An entry carries a format line and the SHA-256 of its data; one that is
// truncated, corrupt or from another format is a miss, removed so that
// the next Put rewrites it, never trusted. Writes go through a temporary
// file renamed into place, so a reader never sees half an entry and
// concurrent runs may share a directory.
package cache
