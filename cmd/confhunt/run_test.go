package main

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/confhunt/confhunt/slicing"
)

// TestReportDependent: the matched packages left out for an import that
// did not type-check are named, the list bounded.
func TestReportDependent(t *testing.T) {
	var b strings.Builder
	reportDependent(&b, []string{"example.com/m/app", "example.com/m/cmd/m"})
	want := "confhunt: 2 packages that import one of them are left out too:\n\texample.com/m/app\n\texample.com/m/cmd/m\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	var many []string
	for i := range maxPackageErrors + 3 {
		many = append(many, fmt.Sprintf("example.com/m/p%02d", i))
	}
	b.Reset()
	reportDependent(&b, many)
	if got := strings.Count(b.String(), "example.com/m/p"); got != maxPackageErrors || !strings.HasSuffix(b.String(), "\t... and 3 more\n") {
		t.Errorf("%d packages named, want %d and the rest counted:\n%s", got, maxPackageErrors, b.String())
	}
	b.Reset()
	reportDependent(&b, nil)
	if b.Len() != 0 {
		t.Errorf("no package: %q, want nothing", b.String())
	}
}

// TestReportPackageErrors: the packages that did not type-check are
// named, each with its errors; a message of several lines stays one
// entry; the count of packages is right; the list is bounded.
func TestReportPackageErrors(t *testing.T) {
	errs := []slicing.PackageError{
		{Package: "example.com/m/enc", Pos: "enc/enc.go:20:2", Msg: "could not import example.org/proto"},
		{Package: "example.org/proto", Pos: "enc/enc.go:20:2", Msg: "no required module provides package example.org/proto; to add it:\n\tgo get example.org/proto"},
	}
	var b strings.Builder
	reportPackageErrors(&b, errs)
	want := "confhunt: 2 packages did not type-check and are left out:\n" +
		"\texample.com/m/enc\n" +
		"\t\tenc/enc.go:20:2: could not import example.org/proto\n" +
		"\texample.org/proto\n" +
		"\t\tenc/enc.go:20:2: no required module provides package example.org/proto; to add it:\n" +
		"\t\t\t\tgo get example.org/proto\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}

	b.Reset()
	reportPackageErrors(&b, errs[:1])
	if !strings.HasPrefix(b.String(), "confhunt: 1 package did not type-check and is left out:\n") {
		t.Errorf("one package: %q", b.String())
	}

	var many []slicing.PackageError
	for i := range maxPackageErrors + 5 {
		many = append(many, slicing.PackageError{Package: "example.com/m/p", Pos: fmt.Sprintf("p/p.go:%d:1", i+1), Msg: "undefined: x"})
	}
	b.Reset()
	reportPackageErrors(&b, many)
	if got := strings.Count(b.String(), "undefined: x"); got != maxPackageErrors {
		t.Errorf("%d errors printed, want %d", got, maxPackageErrors)
	}
	if !strings.HasSuffix(b.String(), "\t... and 5 more errors\n") {
		t.Errorf("no count of the rest: %q", b.String())
	}

	b.Reset()
	reportPackageErrors(&b, nil)
	if b.Len() != 0 {
		t.Errorf("no errors, printed %q", b.String())
	}
}

// brokenWriter refuses every write as a pipe whose reader is gone does.
type brokenWriter struct{}

func (brokenWriter) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EPIPE}
}

// TestReaderGone: a broken pipe ends a run quietly only when it is the
// standard output's (confhunt rank | head); one of a workload or a
// service is an error to report, whatever stdout is.
func TestReaderGone(t *testing.T) {
	workload := fmt.Errorf("running the workload: %w", &os.PathError{Op: "write", Path: "|1", Err: syscall.EPIPE})
	var buf strings.Builder
	if readerGone(workload, &buf) {
		t.Error("a workload's broken pipe, stdout a buffer: taken for stdout's")
	}
	open := &output{w: &buf}
	fmt.Fprintln(open, "rank")
	if readerGone(workload, open) {
		t.Error("a workload's broken pipe, stdout still read: taken for stdout's")
	}
	closed := &output{w: brokenWriter{}}
	_, err := fmt.Fprintln(closed, "rank")
	if !readerGone(fmt.Errorf("writing the table: %w", err), closed) {
		t.Errorf("stdout's own broken pipe (%v): not taken for it", err)
	}
}
