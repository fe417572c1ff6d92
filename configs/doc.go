// Package configs holds confhunt's own settings: the embedded catalogues
// (read-site patterns in sources.yaml, instruction weights in weights.yaml,
// resource costs of library calls in resources.yaml, estimated execution
// counts in estimates.yaml, the bounds of the analysis in limits.yaml) and
// the loading of a user's .confhunt.yaml, CONFHUNT_* environment variables
// and flag overrides on top of them, with koanf.
//
// Load is the entry point. Later layers replace earlier ones key by key; a
// list given by a later layer replaces the whole list (koanf's merge), so a
// user who writes sources.getters replaces the catalogue of key getters
// rather than extending it. The user's own accessors go under sources.funcs
// and sources.types, which the defaults leave empty.
//
// Every key of a settings file is checked against the Settings type before
// it is merged, so an unknown key or a value of the wrong kind is reported
// with the file and line where it stands.
package configs
