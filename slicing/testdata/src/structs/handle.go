package structs

// MigrateConfig configures a migration: its Batch is a setting; DB is
// the handle the migration works through, and Stats a group of
// settings held by pointer.
type MigrateConfig struct {
	Batch int
	DB    *Handle
	Stats *StatsSettings
}

// StatsSettings is a group of settings referred to by pointer.
type StatsSettings struct {
	Every int
}

// Handle is the module's database handle: an object with an API of its
// own (more exported methods than exported fields), which a
// configuration refers to but which holds no settings. Its exported
// fields are what its code keeps.
type Handle struct {
	Error error
	Rows  int
	Query *query
}

type query struct{ sql string }

func (h *Handle) Where(s string) *Handle { h.Query = &query{s}; return h }
func (h *Handle) Find() *Handle          { h.Rows++; return h }
func (h *Handle) Create() *Handle        { h.Rows++; return h }
func (h *Handle) Delete() *Handle        { h.Rows--; return h }

// Migrate copies rows through the handle, a batch at a time.
func Migrate(c *MigrateConfig) int {
	n := 0
	for i := 0; i < c.Batch; i++ { // want option:"MigrateConfig.Batch"
		c.DB.Where("x").Find() // want !option:"MigrateConfig.DB" !option:"MigrateConfig.DB.Rows"
		if c.DB.Rows > 0 {     // want !option:"MigrateConfig.DB.Rows"
			n++
		}
	}
	if i := c.Stats.Every; i > 0 { // want option:"MigrateConfig.Stats.Every"
		n /= i
	}
	return n
}
