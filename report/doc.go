// Package report renders confhunt's results. Each command's result is
// assembled into one view (Sources, Slice, Rank, Explain, Counts, Hunt,
// Overhead) by its XxxView function, which also computes the view's
// summary figures (a ranking's suspects, the options by style); Write
// renders a view as text tables for people, JSON for programs, Markdown
// for a pull request comment, or, for views whose results sit at source
// lines (Rank, Hunt), a SARIF 2.1.0 log for code scanning. Pprof writes
// hunt's bottlenecks as a pprof profile.
//
// report formats values the stages computed; it makes no decision of its
// own. Output is deterministic: the stages sort their results and nothing
// here iterates over a map unsorted.
//
// Tables write numbers one way (see NumberLegend and num): at most three
// significant digits with k, M, G… suffixes, shares as percentages with
// one decimal. The JSON field names are a contract (see DESIGN.md): every
// document carries "version" (Version); fields are added, never renamed.
package report
