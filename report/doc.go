// Package report renders confhunt's results: text tables for people and
// JSON for programs. It only formats values the stages computed; it makes
// no decision of its own. Output is deterministic: the stages sort their
// results and nothing here iterates over a map.
//
// The JSON field names are a contract (see DESIGN.md): fields are added,
// never renamed.
package report
