package state

// A nil sent on a channel as a sentinel (wake the sweeper, stop it) hands
// over no work: what the receiving loop does with real values runs as
// often as those are sent, not as the option sends sentinels.
type sweep struct{ keys []string }

type sweeper struct {
	cfg   Config
	queue chan *sweep
}

func (s *sweeper) add(keys []string) {
	s.queue <- &sweep{keys: keys}
}

func (s *sweeper) kick() {
	if s.cfg.Every > 0 {
		s.queue <- nil
	}
}

func (s *sweeper) run() {
	for sw := range s.queue {
		if sw == nil {
			continue
		}
		for _, k := range sw.keys {
			clearKey(k) // want !sliced:"Config.Every"
		}
	}
}

func clearKey(k string) { _ = len(k) }

func useSweeper(cfg Config) {
	s := &sweeper{cfg: cfg, queue: make(chan *sweep, 8)}
	go s.run()
	s.add([]string{"a"})
	s.kick()
}
