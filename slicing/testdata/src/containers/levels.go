package containers

// LevelConfig sizes the tables of each level from one base size, cached
// per level in a slice a field holds: the loads of that field's elements
// read the option. The elements of another slice of numbers, and the
// bytes of a buffer the option is written into, do not.
type LevelConfig struct {
	TableSize int
}

type levels struct {
	tableSize []int
	fanout    []int
	header    []byte
}

func newLevels(c LevelConfig) *levels {
	l := &levels{tableSize: make([]int, 4), fanout: make([]int, 4), header: make([]byte, 4)}
	for i := range l.tableSize {
		l.tableSize[i] = c.TableSize << i // want sliced:"LevelConfig.TableSize"
		l.fanout[i] = 10 << i
	}
	l.header[0] = byte(c.TableSize)
	return l
}

func (l *levels) needFlush(level, size int) bool {
	return size >= l.tableSize[level] // want sliced:"LevelConfig.TableSize"
}

func (l *levels) children(level int) int {
	return l.fanout[level] // want !sliced:"LevelConfig.TableSize"
}

func (l *levels) magic() byte {
	return l.header[0] // want !sliced:"LevelConfig.TableSize"
}
