package scaled

import "sync"

// GroupConfig counts the goroutines a group starts: a group's Go starts
// one as a go statement does (conc).
type GroupConfig struct {
	Readers int `yaml:"readers"`
}

func startGroup(c *GroupConfig, work func()) {
	var wg sync.WaitGroup
	for i := 0; i < c.Readers; i++ { // want sliced:"GroupConfig.Readers" effect:"GroupConfig.Readers:trip"
		wg.Go(work) // want sliced:"GroupConfig.Readers" effect:"GroupConfig.Readers:conc"
	}
	wg.Wait()
}
