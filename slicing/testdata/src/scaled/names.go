package scaled

import (
	"os"
	"strconv"
	"time"
)

// poll waits for the file the option names: the name says which file is
// stat'ed and read, not how often or how much, so those calls are made
// whatever it is and are not its influence. An open is (see forward's
// rule 1), and so is what the name is parsed into.
func poll(c *Config, stop chan struct{}) []byte {
	for {
		_, err := os.Stat(c.Name) // want !effect:"Config.Name:io"
		if err == nil {
			break
		}
		select {
		case <-stop:
			return nil
		case <-time.After(time.Second):
		}
	}
	return load(c)
}

func load(c *Config) []byte {
	os.MkdirAll(c.Name, 0o755) // want !effect:"Config.Name:io"
	f, _ := os.Open(c.Name)    // want effect:"Config.Name:io"
	defer f.Close()
	b, _ := os.ReadFile(c.Name)  // want !effect:"Config.Name:io"
	n, _ := strconv.Atoi(c.Name) // want sliced:"Config.Name"
	return b[:n]                 // want sliced:"Config.Name"
}
