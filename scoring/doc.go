// Package scoring weighs the instructions of each option's forward slice
// by their CPU, memory and IO cost (PBHunter's equations 1 and 2), scales
// them by loop trip counts and branch probabilities, measured in an
// in-house run where there is one and estimated statically elsewhere, and
// ranks the options.
//
// It consumes slicing's results and configs' weight tables; nothing in it
// is implemented yet beyond this description (see the open issues).
package scoring
