package mutate

// MinP is minP, for the tests.
var MinP = minP
