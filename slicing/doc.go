// Package slicing loads a Go program, finds the configuration options it
// reads, and slices forward from their read sites.
//
// Load takes package patterns and returns a Program: the type-checked
// packages (go/packages), their SSA form with generics instantiated, and
// the packages whose code is scanned for read sites (those the patterns
// match, with their test variants under Config.Tests). The matched
// packages and the main modules' packages they import are type-checked
// from source; dependencies (other modules, vendored ones, the standard
// library) come from the go command's export data, without bodies, which
// the analysis never enters: a rank needs less than half the memory it
// took with the dependencies type-checked from source (see loadSource). What library code calls back (a
// handler, a closure a sync.Once runs, a sort.Interface) is then marked
// from the calls into body-less functions rather than read off the call
// graph; Config.AllBodies loads every package from source with its
// bodies, for a call graph exact through library code.
// CallGraph builds a VTA call graph over all functions, seeded by CHA.
// Program.Libraries selects the other modules' packages the program
// calls, and Libraries.Load type-checks them apart with their bodies, so
// that scoring can price a call of each of their functions (scoring.Summaries).
//
// Discover takes a Program and the read-site catalogue of configs.Sources
// and returns the options, one per name, each with every read site:
//
//   - key getters (koanf, viper, urfave/cli, pflag Get*, os.Getenv and
//     os.LookupEnv, the user's sources.funcs): the option is the key, the
//     read is the call's result; but not an environment variable the
//     program writes entries of itself ("NAME=..." in its code: a mark
//     it gives its own child processes);
//   - flag definitions (flag and pflag, package functions and FlagSet
//     methods): the option is the flag name, the reads are the loads of the
//     returned pointer or of the bound variable, followed through globals,
//     struct fields, locals, parameters and closures;
//   - the program's own wrappers of both, functions handing their
//     parameters on as the key (and the bound variable) and returning
//     what was read or the pointer (func envInt(name string, def int)
//     int, a project's intVarP(fs, &cfg.N, "n", ...)): their static
//     calls with constant keys are getters and definitions in turn;
//   - settings parsed from a format of the program's own: a number or
//     bool field a parser stores what it parsed of an entry into (a
//     sources.parsers result, a type assertion), under a switch on the
//     entry's key (switch key { case "capacity": c.capacity = n }), is an
//     option named Type.field with the keys as aliases, when code other
//     than the parser reads it;
//   - configuration structs (a field tagged koanf, yaml, ...; a type named
//     *Config, *Options, ...; a type in sources.types; the target of an
//     Unmarshal call; a struct filled by hand from a map of settings its
//     user hands an exported function, looked up by at least three
//     constant names, each then an alias of its field (a storage driver's
//     parameters["chunksize"]); a struct nested in one of these): every
//     non-struct field is an option named Type.Field, or Root.Field.Sub when the type
//     is nested in exactly one place, with its tag keys as aliases; the
//     reads are the field loads. A struct parsed from text (a flag.Value,
//     an encoding.TextUnmarshaler: a log level, a size like 64MiB) is one
//     setting, not a group. A pointer to one of the module's own objects
//     with an API of its own (more exported methods than exported fields:
//     its database handle, its client, its logger) is neither a group nor
//     an option: configuration refers to it, it holds no settings. A
//     field pointing to a nested group that the
//     code compares with nil (if cfg.Sampling != nil) is also a switch,
//     an option read at those comparisons, unless the code only fills in
//     a default where it is unset. A struct named like one that is only
//     part of what a wire-format decoder (sources.decoders: JSON, XML,
//     gob, protobuf) decodes into a value of another type, from bytes
//     not read from a file, or of what an encoder of those formats
//     (sources.encoders) encodes from one, is a record of data (an API
//     response's portConfig, a request body's DatafeedConfig), not
//     configuration; nor is one whose fields carry a wire schema's field
//     numbers (thrift:"1,required", protobuf:"varint,2,opt"), generated
//     or not: settings are named, not numbered;
//   - running objects their user sets up (an http.Server, a writer): an
//     exported struct whose own methods use its locks or channels and
//     most of whose exported fields its own code does not change; each
//     of those is an option, those its code changes are its state, and
//     what it embeds and the module fills from data is its data (the
//     attributes of the object a writer uploads), neither a group nor an
//     option. The module setting an object up as its user would is no
//     change: constants or settings stored into an object it has just
//     made (&T{...}, or what a function returns new: w :=
//     o.NewWriter(ctx); w.ChunkSize = 0), or a settings struct's method
//     (not a running object's) copying its settings into the object it
//     is handed (func (o *WriterOpts) apply(w *Writer) { w.ChunkSize =
//     o.ChunkSize }, which makes WriterOpts.ChunkSize a copy of
//     Writer.ChunkSize);
//   - getter methods of configuration structs (PBHunter's patterns: a
//     method with no arguments returning one field of its receiver): calls
//     to them are reads of that field; so are calls of a field's own
//     accessor, a method of a named number or bool that only loads its
//     receiver, atomically or not (cfg.maxBytes.load());
//   - exported package variables of a number or a bool that the module
//     only reads (package.Var), or, when a field's read falls back to one,
//     that field's option; not those generated code declares (a schema's
//     default for a field, SchemaElement_TypeLength_DEFAULT), nor the
//     values of an enumeration declared as variables of the package's own
//     type, which the code only compares with (var SyncAlways =
//     SyncPolicy(2));
//   - registries of settings: a map from names to values that a field or
//     global holds and at least three accessors each look up by a
//     constant key (func (c *Options) LogFile() string { return
//     c.opts["LOG_FILE"].str }): every constant key is an option named by
//     it, read wherever the code looks it up;
//   - arguments of constructors: a number or bool parameter of an exported
//     function returning a running object (pkg.New(size)), read where the
//     value arrives after constructors hand it on unchanged; the number
//     or bool argument of a functional option whose closure sets no
//     settings field but keeps what it makes of it in the state of the
//     running object it is applied to (pubsub.WithValidateQueueSize(n),
//     storing make(chan *req, n); alias pubsub.WithValidateQueueSize);
//     and setters,
//     an exported method of a running object storing each of its number
//     or bool arguments in a field of its receiver (Conn.SetReadLimit(n)),
//     or handing it on unchanged to such a setter of an object it holds;
//     a pair of methods of a running object that only switch a mode on
//     and off (Queue.TurboOn(), alias Queue.TurboOff()), read where its
//     flag is loaded; and a package's setters, an exported function
//     storing each of its number or bool arguments in a package variable
//     that the code otherwise only reads (debug.SetGCPercent(percent)),
//     or handing it on unchanged to a function that does.
//
// Methods of generic types are searched and sliced in their generic
// bodies. Program.FieldReads makes the same kind of options of a
// libraries' program (Libraries.Load): one per exported number or bool
// field of their structs, whose slices say what the libraries do with a
// value their user stores there, and Program.ParamReads one per number or
// bool parameter of their exported functions, what a call does with an
// argument (scoring.FieldSummaries).
//
// Options of different styles that name the same setting are merged: a
// koanf key equal to a struct field's koanf tag path, an environment
// variable equal to an env tag, a flag bound to a struct field, and a key,
// flag or variable whose value (parsed or converted) is stored into a
// configuration field. So are configuration fields whose value is copied
// unchanged into another configuration struct's field, directly or
// through the parameter of a function every call of which passes it (an
// internal options struct a constructor builds from the public one), a
// bool field that raises another's of the same name (if s.X { conf.X =
// true }), and fields of the same name and type that are the only values of one
// unexported field of the module's own state (a server's and a client's
// threshold, both copied into the connection's).
//
// An option with a //confhunt:ignore [reason] comment on the line of its
// declaration (struct field, flag definition) or of a read site, or alone
// on the line above one, has Ignored set to the comment's file:line and
// reason; scoring keeps it out of the suspects.
//
// Approximations: keys are resolved through constants, constant
// concatenation, string globals assigned once and phis of one value;
// any other key is named after its site and marked dynamic. Pointers to
// flag values are followed through static calls only. Reads through
// reflection, unsafe or interface method calls are not seen. Functions
// built only as generic instances are reported once per source position.
// In the forward slice, a variable closures capture and set under a
// branch on the option carries the option to the loads that run past the
// branch's join (or past the making of the closure that sets it), as the
// phi of a lifted variable would; not when its address goes to any
// other code, and loads in closures made before the branch are not seen.
package slicing
