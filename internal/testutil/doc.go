// Package testutil holds helpers shared by confhunt's tests: expectations
// written in testdata source as "// want" comments, and golden files that
// -update rewrites. Only tests import it.
package testutil
