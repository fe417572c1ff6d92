// Package mutate injects performance bugs that keep behaviour (SlowCoach's
// operators and slow legal values of the options themselves) at sites in
// the suspects' slices, checks each mutant's equivalence with the user's
// tests, measures it with the benchmarks that reach its site, and computes
// a mutation score.
//
// Nothing in it is implemented yet beyond this description (see the open
// issues).
package mutate
