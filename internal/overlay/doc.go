// Package overlay builds the rewritten copies of source files that a go
// command reads through -overlay, so that the user's files are never
// written.
//
// It takes files and their new contents — a file rewritten by edits of
// its source (Apply, which refuses overlapping edits), or a file added to
// a package — and returns an Overlay: a temporary directory holding the
// copies and the overlay.json that go build -overlay and go test -overlay
// read, mapping each file's absolute name to its copy. Remove deletes the
// directory; callers defer it, so that it goes on every return, an
// interrupt (a canceled context) included.
//
// Positions are kept only as far as the edits keep lines: the go command
// reports the user's file names, with the lines of the copy.
package overlay
