package structs

// DeviceID names a peer: a run of bytes, compared and looked up, never
// tuned.
type DeviceID [32]byte

// PeerConfig is one peer the program serves, with a setting of its own.
type PeerConfig struct {
	ID          DeviceID `yaml:"id"`
	Fingerprint [20]byte `yaml:"fingerprint"`
	Compress    bool     `yaml:"compress"`
}

// Find returns how many bytes a peer's messages take.
func Find(peers []PeerConfig, id DeviceID, fp [20]byte, n int) int {
	for _, p := range peers {
		if p.ID == id && p.Fingerprint == fp {
			if p.Compress { // want option:"PeerConfig.Compress"
				return n / 2
			}
			return n
		}
	}
	return 0
}
