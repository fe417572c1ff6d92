package mutate

// MinP is minP, for the tests.
var MinP = minP

// SleepCosts and SleepTime are sleepCosts and sleepTime, for the tests.
var (
	SleepCosts = sleepCosts
	SleepTime  = sleepTime
)
