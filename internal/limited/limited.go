package limited

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// ReadFile reads the regular file name, which must hold at most max bytes.
func ReadFile(name string, max int64) ([]byte, error) {
	// O_NONBLOCK: opening a named pipe that nobody writes to returns at
	// once instead of blocking; it changes nothing for regular files.
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%s)", name, kind(fi.Mode()))
	}
	if fi.Size() > max {
		return nil, tooLarge(name, max)
	}
	// The file may grow between Stat and the read.
	return io.ReadAll(Reader(f, name, max))
}

// Reader returns a reader of r that fails, naming name, once r holds more
// than max bytes.
func Reader(r io.Reader, name string, max int64) io.Reader {
	return &reader{r: r, name: name, max: max, left: max}
}

type reader struct {
	r         io.Reader
	name      string
	max, left int64
}

func (r *reader) Read(p []byte) (int, error) {
	if r.left < 0 {
		return 0, tooLarge(r.name, r.max)
	}
	// Read one byte past the limit, to tell a file of exactly max bytes
	// from a longer one.
	if int64(len(p)) > r.left+1 {
		p = p[:r.left+1]
	}
	n, err := r.r.Read(p)
	r.left -= int64(n)
	if r.left < 0 {
		return n + int(r.left), tooLarge(r.name, r.max)
	}
	return n, err
}

func tooLarge(name string, max int64) error {
	return fmt.Errorf("%s: larger than %s", name, size(max))
}

// size says n in MiB when it is a whole number of them.
func size(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.String()
}
