package configs

// Kinds and Operators export the names a weight key may use.
var Kinds, Operators = kinds, operators
