package snapshot

import (
	"archive/tar"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Git copies revision rev of the git repository holding dir into dst,
// which must not exist or be empty, and returns the commit rev names and
// the repository's top-level directory (dst holds the copy of that).
func Git(ctx context.Context, dir, rev, dst string) (commit, top string, err error) {
	top, err = TopLevel(ctx, dir)
	if err != nil {
		return "", "", err
	}
	out, err := git(ctx, top, "rev-parse", "--verify", "--end-of-options", rev+"^{commit}")
	if err != nil {
		return "", "", fmt.Errorf("revision %s: %w", rev, err)
	}
	commit = strings.TrimSpace(string(out))
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return "", "", err
	}
	cmd, stderr := gitCommand(ctx, top, "archive", "--format=tar", commit)
	r, err := cmd.StdoutPipe()
	if err != nil {
		return "", "", err
	}
	if err := cmd.Start(); err != nil {
		return "", "", fmt.Errorf("git archive %s: %w", rev, err)
	}
	xerr := untar(ctx, r, dst)
	if xerr != nil {
		_, _ = io.Copy(io.Discard, r) // let git finish writing
	}
	if err := cmd.Wait(); err != nil {
		return "", "", fmt.Errorf("git archive %s: %v: %s", rev, err, strings.TrimSpace(stderr.String()))
	}
	if xerr != nil {
		return "", "", fmt.Errorf("git archive %s: %w", rev, xerr)
	}
	return commit, top, nil
}

// WorkTree copies the working tree of the git repository holding dir
// into dst: every file git tracks that is still there and every untracked
// file that no .gitignore excludes, as they are on disk. It returns the
// repository's top-level directory.
func WorkTree(ctx context.Context, dir, dst string) (top string, err error) {
	top, err = TopLevel(ctx, dir)
	if err != nil {
		return "", err
	}
	out, err := git(ctx, top, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	if err != nil {
		return "", err
	}
	seen := make(map[string]bool)
	for name := range strings.SplitSeq(string(out), "\x00") {
		if err := ctx.Err(); err != nil {
			return "", err // interrupted: the caller removes dst
		}
		if name == "" || seen[name] {
			continue
		}
		seen[name] = true
		if !filepath.IsLocal(name) {
			return "", fmt.Errorf("git ls-files listed %q, outside the repository", name)
		}
		src, target := filepath.Join(top, name), filepath.Join(dst, name)
		fi, err := os.Lstat(src)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue // deleted and not yet committed
		case err != nil:
			return "", err
		case fi.IsDir():
			continue // a submodule
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return "", err
		}
		if err := copyEntry(src, target, fi); err != nil {
			return "", err
		}
	}
	return top, nil
}

// TopLevel returns the top-level directory of the git repository holding
// dir.
func TopLevel(ctx context.Context, dir string) (string, error) {
	out, err := git(ctx, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", fmt.Errorf("%s is not inside a git repository: %w", dir, err)
	}
	return filepath.FromSlash(strings.TrimSpace(string(out))), nil
}

// Module downloads module version path@version (go mod download, through
// the module proxy and the module cache) and copies its files into dst.
// The download runs in a scratch module inside dst's parent directory,
// removed before Module returns, so that no go.mod of the caller's
// changes.
func Module(ctx context.Context, path, version, dst string) error {
	scratch, err := os.MkdirTemp(filepath.Dir(dst), "download-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(scratch)
	if err := os.WriteFile(filepath.Join(scratch, "go.mod"), []byte("module scratch\n"), 0o644); err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, "go", "mod", "download", "-json", path+"@"+version)
	cmd.Dir = scratch
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(stdout.Bytes(), &info); err != nil || info.Error != "" || info.Dir == "" || runErr != nil {
		msg := cmp.Or(info.Error, strings.TrimSpace(stderr.String()))
		if msg == "" && runErr != nil {
			msg = runErr.Error()
		}
		return fmt.Errorf("go mod download %s@%s: %s", path, version, msg)
	}
	if err := Copy(ctx, info.Dir, dst); err != nil {
		return err
	}
	// A module's zip leaves its vendored packages out but may keep
	// vendor/modules.txt, which alone makes the go command build from a
	// vendor directory that is not there (-mod=vendor by default): the
	// copy's dependencies come from the module cache, as a user's who
	// requires the module.
	vendor := filepath.Join(dst, "vendor")
	if entries, err := os.ReadDir(vendor); err == nil && len(entries) == 1 && entries[0].Name() == "modules.txt" {
		return os.RemoveAll(vendor)
	}
	return nil
}

// Copy copies the directories and regular files under src to dst,
// writable (the module cache's are read-only). It stops when ctx is done.
func Copy(ctx context.Context, src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		return copyFile(p, target, 0o644)
	})
}

// copyEntry copies a regular file or a symbolic link.
func copyEntry(src, dst string, fi fs.FileInfo) error {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		link, err := os.Readlink(src)
		if err != nil {
			return err
		}
		return os.Symlink(link, dst)
	case fi.Mode().IsRegular():
		return copyFile(src, dst, fi.Mode().Perm()|0o200)
	}
	return nil
}

func copyFile(src, dst string, perm fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// untar extracts the directories, regular files and symbolic links of a
// tar stream into dst, until ctx is done.
func untar(ctx context.Context, r io.Reader, dst string) error {
	tr := tar.NewReader(r)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if !filepath.IsLocal(h.Name) {
			if h.Typeflag == tar.TypeXGlobalHeader {
				continue
			}
			return fmt.Errorf("archive entry %q lies outside the tree", h.Name)
		}
		target := filepath.Join(dst, h.Name)
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, fs.FileMode(h.Mode).Perm()|0o200)
			if err != nil {
				return err
			}
			if _, err := io.Copy(f, tr); err != nil {
				f.Close()
				return err
			}
			if err := f.Close(); err != nil {
				return err
			}
		case tar.TypeSymlink:
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			if err := os.Symlink(h.Linkname, target); err != nil {
				return err
			}
		}
	}
}

// git runs git in dir and returns its standard output.
func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd, stderr := gitCommand(ctx, dir, args...)
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, fmt.Errorf("git %s: %s", args[0], msg)
		}
		return nil, fmt.Errorf("git %s: %w", args[0], err)
	}
	return out, nil
}

// gitCommand returns the command git args in dir, its standard error
// kept. It takes no optional lock, so no index refresh is written, and
// never pages or prompts.
func gitCommand(ctx context.Context, dir string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0", "GIT_PAGER=cat")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	return cmd, &stderr
}
