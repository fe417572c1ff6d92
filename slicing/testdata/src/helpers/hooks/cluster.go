package hooks

import "testing"

// ClusterOpts sets up a cluster of the library's workers for a test: a
// test harness kept in a non-test file of the library (the file imports
// testing and takes a *testing.T), not the library's settings. Its Conf
// does not make the program's PollOptions a ClusterOpts.Conf.
type ClusterOpts struct {
	Nodes int
	Conf  PollOptions
}

// MakeCluster starts o.Nodes copies of the library for t.
func MakeCluster(t *testing.T, o *ClusterOpts) {
	t.Helper()
	for range o.Nodes {
		Poll(o.Conf)
	}
}
