package instrument

import "errors"

// ErrBuild is the error of the user's program failing to build.
var ErrBuild = errors.New("the build failed")

// failure marks err as a failure of the user's build or workload: kind
// is ErrBuild or ErrWorkload. Its message is err's.
func failure(kind, err error) error { return &failed{err, kind} }

type failed struct{ err, kind error }

func (f *failed) Error() string   { return f.err.Error() }
func (f *failed) Unwrap() []error { return []error{f.err, f.kind} }
