// Package limited reads the files a user names (settings, counts files,
// coverage profiles) with a size limit, and only when they are regular
// files: a named pipe, a device such as /dev/zero or a directory, also
// behind a symbolic link, is an error naming the file rather than a read
// that blocks forever or exhausts memory.
package limited
